import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_SALON_KEY, useCurrentSalon } from './current-salon';

const auth = vi.hoisted(() => ({ value: { isSuperadmin: false, user: { salonId: 7 as number | null } } }));
vi.mock('./auth', () => ({ useAuth: () => auth.value }));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('useCurrentSalon', () => {
  it("is always a non-superadmin's own salon, and ignores their choices", () => {
    auth.value = { isSuperadmin: false, user: { salonId: 7 } };
    localStorage.setItem(CURRENT_SALON_KEY, '3');
    const { result } = renderHook(() => useCurrentSalon());
    expect(result.current.salonId).toBe(7);
    act(() => result.current.setSalonId(5));
    expect(result.current.salonId).toBe(7);
    expect(localStorage.getItem(CURRENT_SALON_KEY)).toBe('3');
  });

  it('is null for a superadmin who has not chosen a salon', () => {
    auth.value = { isSuperadmin: true, user: { salonId: null } };
    const { result } = renderHook(() => useCurrentSalon());
    expect(result.current.salonId).toBeNull();
  });

  it("remembers a superadmin's choice in localStorage and updates every user of the hook", () => {
    auth.value = { isSuperadmin: true, user: { salonId: null } };
    const first = renderHook(() => useCurrentSalon());
    const second = renderHook(() => useCurrentSalon());
    act(() => first.result.current.setSalonId(4));
    expect(localStorage.getItem(CURRENT_SALON_KEY)).toBe('4');
    expect(first.result.current.salonId).toBe(4);
    expect(second.result.current.salonId).toBe(4);
  });

  it('reads the remembered salon after a reload and ignores garbage', () => {
    auth.value = { isSuperadmin: true, user: { salonId: null } };
    localStorage.setItem(CURRENT_SALON_KEY, '12');
    expect(renderHook(() => useCurrentSalon()).result.current.salonId).toBe(12);
    localStorage.setItem(CURRENT_SALON_KEY, 'abc');
    expect(renderHook(() => useCurrentSalon()).result.current.salonId).toBeNull();
  });
});
