import Link from '@mui/material/Link';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { splitLinks } from './news-text';

/** A news body as plain text with its links clickable (never HTML). */
export function NewsBody({ text, ...props }: { text: string } & TypographyProps) {
  return (
    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} {...props}>
      {splitLinks(text).map((segment, index) =>
        segment.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the segments of one text never reorder
          <Link key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.text}
          </Link>
        ) : (
          segment.text
        ),
      )}
    </Typography>
  );
}
