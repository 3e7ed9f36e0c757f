import { useEffect, useState } from 'react';
import { Button } from './Button.tsx';

/**
 * Copies `text` to the clipboard; reads "Copied" for two seconds after. Its accessible name is
 * the visible word followed by `what` ("Copy uid of alice", "Copied join link").
 */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  // The timer goes with the button (no state set after it unmounted).
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const word = copied ? 'Copied' : 'Copy';
  return (
    <Button variant="ghost" aria-label={`${word} ${what}`} onClick={() => void copy()}>
      {word}
    </Button>
  );
}
