import '../../../lib/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextTierLine, TierExplanation } from './bonus-scheme';

vi.setConfig({ testTimeout: 30_000 });

const TIERS = [
  { fromUnits: 0, perUnit: 1 },
  { fromUnits: 10, perUnit: 2 },
  { fromUnits: 20, perUnit: 3.5 },
];

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('the tiers in words', () => {
  it('says what the next tier takes and brings, in English and Italian', async () => {
    // STRAIGHT at 15 units: 20 is 5 units away; 20 x 3.50 = 70.00, 40.00 more than 15 x 2.00.
    render(<NextTierLine tiers={TIERS} mode="STRAIGHT" units={15} />);
    expect(await screen.findByText('5 more units to reach the next tier (€3.50 per unit): €40.00 more bonus, €70.00 in all.')).toBeTruthy();
    await i18next.changeLanguage('it');
    expect(
      await screen.findByText('Ancora 5 unità per il prossimo scaglione (3,50 € per unità): 40,00 € di bonus in più, 70,00 € in tutto.'),
    ).toBeTruthy();
  });

  it('says how far the first paid unit is', async () => {
    // STRAIGHT from 5 units at €2.00: at 3 units, 2 more; then 5 x 2.00 = 10.00.
    render(<NextTierLine tiers={[{ fromUnits: 5, perUnit: 2 }]} mode="STRAIGHT" units={3} />);
    expect(await screen.findByText('2 more units to start earning (€2.00 per unit): €10.00 of bonus then.')).toBeTruthy();
  });

  it('says when the top tier is reached', async () => {
    render(<NextTierLine tiers={TIERS} mode="SLIDING" units={21} />);
    expect(await screen.findByText('Top tier reached.')).toBeTruthy();
  });

  it('lists the sliding bands and worked examples', async () => {
    render(<TierExplanation tiers={TIERS} mode="SLIDING" />);
    expect(await screen.findByText('units 1 to 10: €1.00 each')).toBeTruthy();
    expect(screen.getByText('units 11 to 20: €2.00 each')).toBeTruthy();
    expect(screen.getByText('from unit 21 on: €3.50 each')).toBeTruthy();
    // 20 units: 10 x 1 + 10 x 2 = 30; 21: + 3.50; 26: + 6 x 3.50 = 51.
    expect(screen.getByTestId('tier-examples').textContent).toBe('20 units pay €30.00 · 21 units pay €33.50 · 26 units pay €51.00');
  });
});
