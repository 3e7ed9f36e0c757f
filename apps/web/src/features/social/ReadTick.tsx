/** SPEC 2 read receipt: the receiver has read this message of mine. */
export function ReadTick() {
  return (
    <span className="read-tick" role="img" aria-label="Read">
      ✓
    </span>
  );
}
