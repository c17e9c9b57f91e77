import { describe, expect, it } from 'vitest';
import { italianOf } from './italian-article';

describe('italianOf', () => {
  it('reads the number as it is spoken', () => {
    expect(italianOf(0.7)).toBe('dello ');
    expect(italianOf(-0.7)).toBe('dello ');
    expect(italianOf(1)).toBe("dell'");
    expect(italianOf(1.5)).toBe("dell'");
    expect(italianOf(8.2)).toBe("dell'");
    expect(italianOf(11)).toBe("dell'");
    expect(italianOf(83)).toBe("dell'");
    expect(italianOf(800)).toBe("dell'");
    expect(italianOf(11_000)).toBe("dell'");
    expect(italianOf(5)).toBe('del ');
    expect(italianOf(16.4)).toBe('del ');
    expect(italianOf(110)).toBe('del ');
    expect(italianOf(100)).toBe('del ');
  });
});
