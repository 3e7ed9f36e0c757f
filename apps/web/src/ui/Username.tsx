import { USERNAME_COLORS, type UsernameColorId } from '@rush/domain';

/** Relative luminance of a #rrggbb colour (WCAG). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function usernameHex(color: UsernameColorId): string {
  return (USERNAME_COLORS.find((c) => c.id === color) ?? USERNAME_COLORS[0]).hex;
}

/** A username in its chosen swatch colour; dark swatches sit on a light chip to stay readable. */
export function Username({ name, color, className }: { name: string; color: UsernameColorId; className?: string }) {
  const hex = usernameHex(color);
  return (
    <span
      className={['username', className].filter(Boolean).join(' ')}
      style={{ color: hex }}
      data-on-light={luminance(hex) < 0.12 ? '' : undefined}
    >
      {name}
    </span>
  );
}
