/**
 * The brand mark, drawn inline (the same drawing as public/logo.svg, the favicon, and as the boot
 * logo in index.html): no request, so it paints with the page, including a prerendered one.
 */
export function Logo({ size }: { size: number }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#e91e63" />
      <path d="M20 44c0-10 6-18 14-22 4-2 9-2 10 1 1 4-5 6-9 9-5 4-7 8-7 12h-8z" fill="#fff" />
      <circle cx="42" cy="42" r="5" fill="#fff" />
    </svg>
  );
}
