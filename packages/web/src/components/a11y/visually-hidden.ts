/**
 * `sx` for text that screen readers read and the eye does not see (a chart's summary, an arrow's words).
 * Sizes are strings: in MUI's `sx` a bare `1` means 100 %, which once stretched a 390 px page.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
