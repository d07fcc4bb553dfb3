// A clock that re-renders every `intervalMs` (relative ages, status dots). Returns unix milliseconds.
import { startTransition, useEffect, useState } from 'react';

export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // A transition: React renders a tick's changes in slices (issue 32: the dashboard's 5 s tick rendered the
    // whole page as one task).
    const id = setInterval(() => startTransition(() => setNow(Date.now())), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
