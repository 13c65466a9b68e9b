import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { takeTypedValue } from '@client/lib/typed-before-hydration';

/** The lookup field's name: Look Up pressed before the page has run its scripts sends the field as `?wallet=`. */
export const walletField = 'wallet';

/**
 * What a reader gave the lookup before the page was ready. Text typed into the prerendered field comes
 * back into the field after hydration emptied it. An address sent by Look Up before then reloaded the
 * page as /allocation?wallet=…: it is looked up at once, and the URL drops it.
 */
export function useAddressFromBeforeReady(setAddress: (text: string) => void, lookUpAddresses: (walletAddresses: string[]) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const sentHandled = useRef(false);

  useLayoutEffect(() => {
    const text = takeTypedValue(walletField);
    if (text !== undefined) setAddress(text);
  }, [setAddress]);

  useEffect(() => {
    if (sentHandled.current) return;
    sentHandled.current = true;
    const sent = new URLSearchParams(location.search).get(walletField);
    if (sent === null) return;
    navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
    lookUpAddresses([sent]);
  }, [location, navigate, lookUpAddresses]);
}
