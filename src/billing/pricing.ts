// What a request costs in credits; the ledger (credit-ledger.ts) holds and settles them.

export const CHARACTERS_PER_CREDIT = 10;
export const PRESENTER_VIDEO_CREDITS = 500;

/** 1 credit per 10 characters, rounded up, minimum 1 credit per request. */
export function creditsForCharacters(characters: number): number {
  return Math.max(1, Math.ceil(characters / CHARACTERS_PER_CREDIT));
}
