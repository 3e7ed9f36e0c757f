import { useEffect, useRef, useState } from 'react';

/** A message that shows for `ms` and then goes (SPEC 8: ban failure 5 s, 'No LiChess account' 3 s). */
export function useFlash(ms: number): [string | null, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    setText(next);
    timer.current = setTimeout(() => setText(null), ms);
  };
  return [text, show];
}
