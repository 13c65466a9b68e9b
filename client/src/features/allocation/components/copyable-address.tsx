import { CopyAddressButton } from './copy-address-button';

export function CopyableAddress({ address }: { address: string }) {
  return (
    <span className="alloc-address">
      <span className="mono wallet alloc-address__text">{address}</span>
      <CopyAddressButton address={address} />
    </span>
  );
}
