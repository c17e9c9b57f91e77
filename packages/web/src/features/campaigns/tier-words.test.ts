import '../../lib/i18n';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { tierBonus } from './tiers';

describe("the STRAIGHT tiers' explanation (the tier mode's tooltip)", () => {
  it('says the lowest tier is reached at its starting units included, as the bonus is computed', async () => {
    await i18n.loadLanguages(['en', 'it']);
    await i18n.loadNamespaces('campaigns');
    const tiers = [{ fromUnits: 5, perUnit: 2 }];
    expect(tierBonus(tiers, 'STRAIGHT', 5)).toBe(10);
    expect(tierBonus(tiers, 'STRAIGHT', 4)).toBe(0);
    expect(i18n.getFixedT('en', 'campaigns')('scheme.explain.STRAIGHT')).toContain('that unit included (from 5 units: 5 units reach it)');
    expect(i18n.getFixedT('it', 'campaigns')('scheme.explain.STRAIGHT')).toContain(
      "compresa quell'unità (da 5 unità: 5 unità lo raggiungono)",
    );
  });
});
