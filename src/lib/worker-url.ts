/**
 * Where a worker entry point lives. From source it sits beside the module that starts it. In a binary built by
 * scripts/build.ts every module shares the binary's URL (`file:///$bunfs/root/recite`), and each worker entry point is
 * embedded at its path relative to the project root, so it is resolved from there.
 */
export function workerUrl(moduleUrl: string, besideModule: string, fromProjectRoot: string): string {
  if (moduleUrl.includes('/$bunfs/')) return new URL(`./${fromProjectRoot}`, moduleUrl).href;
  return new URL(besideModule, moduleUrl).href;
}
