import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import type { UserDataResponse } from '@shared/schemas/auth';
import type { Meme } from '@shared/schemas/memes';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useUserMemes } from '../api/get-user-memes';
import { useMemeShare } from '../hooks/use-meme-share';
import { ClaimDialog } from '@client/features/claims';
import { GalleryTab } from './gallery-tab';
import { GenerateTab } from './generate-tab';
import { StudioStats } from './studio-stats';
import '../memes.css';
import '../meme-cards.css';

/** The studio for a user with data: figures, then the generator and the gallery as two tabs. */
export function MemeStudio({ data }: { data: UserDataResponse }) {
  const { t } = useLanguage();
  const { user, twitterAccount } = data;
  const gallery = useUserMemes(user.id);
  const [current, setCurrent] = useState<Meme | null>(null);
  const share = useMemeShare({
    userId: user.id,
    username: user.walletAddress,
    onClaimed: (memeId, pointsEarned) =>
      setCurrent((meme) => (meme?.id === memeId ? { ...meme, isPosted: true, pointsEarned } : meme)),
  });

  return (
    <>
      <StudioStats memeCount={gallery.data?.memes.length} memeCountFailed={gallery.isError} />
      <Tabs.Root defaultValue="generate" className="memes-tabs">
        <Tabs.List className="segmented-tabs" aria-label={t.memes.tabsLabel}>
          <Tabs.Trigger value="generate" className="segmented-tabs__trigger">
            {t.memes.tabGenerate}
          </Tabs.Trigger>
          <Tabs.Trigger value="gallery" className="segmented-tabs__trigger">
            {t.memes.tabGallery}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="generate" className="segmented-tabs__panel" forceMount>
          <GenerateTab
            userId={user.id}
            hasTwitter={twitterAccount !== null}
            current={current}
            onGenerated={setCurrent}
            onClear={() => setCurrent(null)}
            share={share}
          />
        </Tabs.Content>
        <Tabs.Content value="gallery" className="segmented-tabs__panel">
          <GalleryTab query={gallery} share={share} />
        </Tabs.Content>
      </Tabs.Root>
      <ClaimDialog flow={share} texts={t.memes} />
    </>
  );
}
