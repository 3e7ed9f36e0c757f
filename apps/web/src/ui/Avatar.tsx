interface AvatarProps {
  url: string | null | undefined;
  name: string;
  size?: number;
  /** Decorative when the control around it already names the user. */
  decorative?: boolean;
}

/** A round picture, or the name's first letter when there is none. */
export function Avatar({ url, name, size = 36, decorative = true }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (url) {
    return <img className="avatar" src={url} alt={decorative ? '' : name} width={size} height={size} style={style} />;
  }
  return (
    <span
      className="avatar avatar-initial"
      style={style}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : name}
      role={decorative ? undefined : 'img'}
    >
      {name.slice(0, 1).toUpperCase() || '?'}
    </span>
  );
}
