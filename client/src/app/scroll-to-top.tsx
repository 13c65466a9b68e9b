import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A link opens its page at the top (or at its `#hash` target), as react-router's ScrollRestoration
 * would; that component needs the data mode, which the first paint cannot afford. Back and forward
 * leave the scroll to the browser, and a replace on the same page (a tab switch) keeps it where it is.
 */
export function ScrollToTop() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shownPathname = useRef(pathname);

  useLayoutEffect(() => {
    const samePage = shownPathname.current === pathname;
    shownPathname.current = pathname;
    if (navigationType === 'POP' || (navigationType === 'REPLACE' && samePage)) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Runs once per navigation: the key is new for each one; the rest is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [key]);

  return null;
}
