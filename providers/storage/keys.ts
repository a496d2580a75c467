/** Storage keys are relative paths of safe characters; anything that could escape the store is refused. */
const KEY_PATTERN = /^(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]{1,512}$/;

export function assertStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key "${key}"`);
  return key;
}
