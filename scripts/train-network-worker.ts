/**
 * Runs train-network.ts trainNetwork in a worker thread (train-network.ts trainNetworkAside): its input in, the trained
 * network out.
 */
import { type NetworkInput, trainNetwork } from './train-network.ts';

declare const self: Worker;

self.onmessage = (event: MessageEvent<NetworkInput>) => {
  self.postMessage(trainNetwork(event.data));
};
