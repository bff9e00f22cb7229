import { useEffect, useRef, useState } from 'react';

/** Rows mounted at first, and added each time the end of the list comes near. */
const PROGRESSIVE_PAGE = 100;

/**
 * How many of `total` rows to mount: a page at first, a page more whenever the sentinel (an element
 * placed after the last mounted row) scrolls within 600 px of view. A drawing can list thousands of
 * elements and connections; mounting them all would stall the viewer for seconds. Without
 * IntersectionObserver every row mounts.
 */
export function useProgressiveCount(total: number, page = PROGRESSIVE_PAGE) {
  const [count, setCount] = useState(page);
  const sentinel = useRef<HTMLLIElement | null>(null);
  const observable = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !observable || count >= total) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setCount((current) => current + page);
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [count, total, page, observable]);
  return { count: observable ? count : total, sentinel };
}
