import { describe, expect, it, vi } from 'vitest';

// The browser bundle replaces typebox with this stub (vite.config.ts): every contract module
// must still load with it, so no contract may read a schema's fields at load time.
vi.mock('typebox', async () => import('./typebox-stub.js'));

describe('the contracts with the browser typebox stub', () => {
  it('load, with their paths', async () => {
    const contracts = await import('@salon/contracts');
    expect(contracts.createShifts.path).toBe('/api/UserTimeframes/Multiple/{SESSIONCODE}');
    expect(contracts.updateDayOff.path).toBe('/api/UserShifts/{SESSIONCODE}/{id}');
    expect(contracts.approveShiftRequest.path).toBe('/api/UserShiftRequests/Approve/{SESSIONCODE}/{id}');
    expect(contracts.STAFF_MESSAGES.missingId).toBe('Something went wrong.');
  });
});
