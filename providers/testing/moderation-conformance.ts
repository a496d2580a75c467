import { expect, test } from 'bun:test';
import { MODERATION_CATEGORIES, type ModerationProviderV1 } from '../spec/v1/moderation.ts';

/**
 * What every moderation provider must do. `provider()` is called per test (providers may need a running stub).
 * `flaggedText` must be flagged under `flaggedCategory` by this provider (for remote ones, by its stub).
 */
export function moderationConformance(
  name: string,
  provider: () => ModerationProviderV1,
  sample: { benign: string; flaggedText: string; flaggedCategory: (typeof MODERATION_CATEGORIES)[number] },
) {
  test(`${name}: declares spec v1, an id and capabilities`, () => {
    const instance = provider();
    expect(instance.specificationVersion).toBe('v1');
    expect(instance.id.length).toBeGreaterThan(0);
    expect(instance.capabilities.maxCharactersPerCall).toBeGreaterThan(0);
    expect(instance.capabilities.concurrency).toBeGreaterThan(0);
  });

  test(`${name}: a verdict covers all five categories with scores in 0..1`, async () => {
    for (const text of [sample.benign, sample.flaggedText]) {
      const result = await provider().moderate(text);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      for (const category of MODERATION_CATEGORIES) {
        const entry = result.verdict.categories[category];
        expect(typeof entry.flagged).toBe('boolean');
        expect(entry.score).toBeGreaterThanOrEqual(0);
        expect(entry.score).toBeLessThanOrEqual(1);
      }
      expect(result.verdict.flagged).toBe(
        MODERATION_CATEGORIES.some((category) => result.verdict.categories[category].flagged),
      );
    }
  });

  test(`${name}: flags what it should and passes what it should`, async () => {
    const benign = await provider().moderate(sample.benign);
    expect(benign.ok && benign.verdict.flagged).toBe(false);
    const flagged = await provider().moderate(sample.flaggedText);
    expect(flagged.ok && flagged.verdict.categories[sample.flaggedCategory].flagged).toBe(true);
  });
}
