/** Storage keys are relative paths of safe characters; anything that could escape the store is refused. */
const KEY_PATTERN = /^(?!\/)(?!.*\.\.)[A-Za-z0-9/_.-]{1,512}$/;

/** Whether `key` is one a store accepts (for callers that must answer 4xx instead of catching). */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key "${key}"`);
  return key;
}
