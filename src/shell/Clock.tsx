import { useEffect, useState } from 'react';
import { formatHeaderDate } from './clock';

const MINUTE = 60_000;

/** The current date and time, refreshed every 60 s (first tick aligned to the next minute). */
export default function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let interval: ReturnType<typeof setInterval> | undefined;
    const align = setTimeout(() => {
      setNow(new Date());
      interval = setInterval(() => setNow(new Date()), MINUTE);
    }, MINUTE - (Date.now() % MINUTE));
    return () => {
      clearTimeout(align);
      clearInterval(interval);
    };
  }, []);
  return (
    <time className="shell-clock" dateTime={now.toISOString()}>
      {formatHeaderDate(now)}
    </time>
  );
}
