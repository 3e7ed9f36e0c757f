import { Fragment, type ReactNode } from 'react';

/**
 * Lets a long label such as "RushCoins/Cosmetics/Achievements" wrap after its slashes (with
 * <wbr>) instead of overflowing a narrow column. The text content is unchanged.
 */
export function breakAfterSlashes(text: string): ReactNode {
  const parts = text.split('/');
  if (parts.length === 1) return text;
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && (
        <>
          /<wbr />
        </>
      )}
    </Fragment>
  ));
}
