/**
 * The first part of every staff query key (planner, shifts, days off, requests, remaining days):
 * a write on any staff screen reads all of them again, as a shift, a day off and a request
 * show on each other's screens.
 */
export const STAFF_QUERY_KEY = ['staff'] as const;
