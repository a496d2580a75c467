// s3rver in a process of its own, so a test can freeze it (SIGSTOP) and thaw it (SIGCONT) like a stuck S3.
// Prints the port on stdout once it listens. Usage: bun test/support/s3rver-process.ts <directory> <bucket>
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
console.log(address.port);
