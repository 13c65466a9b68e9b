import * as Tabs from '@radix-ui/react-tabs';
import { useId, useState } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { AiAssistantTab } from './ai-assistant-tab';
import { WriteMyselfTab } from './write-myself-tab';
import '../composer.css';

type ComposerTab = 'ai' | 'manual';

interface ComposerProps {
  userId: number | undefined;
  username: string;
  hasXAccount: boolean;
}

/** SPEC section 2: the custom tweet composer, with an AI tab and a write-it-yourself tab. */
export function TweetComposerCard({ userId, username, hasXAccount }: ComposerProps) {
  const { t } = useLanguage();
  const headingId = useId();
  const [tab, setTab] = useState<ComposerTab>('ai');
  const [text, setText] = useState('');

  const takeGenerated = (generated: string) => {
    setText(generated);
    setTab('manual');
  };

  return (
    <section className="card sm-composer" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.composerTitle}</h2>
      <p className="muted">{t.mining.composerIntro}</p>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as ComposerTab)} className="sm-tabs">
        <Tabs.List className="segmented-tabs sm-tabs__list" aria-label={t.mining.tabsLabel}>
          <Tabs.Trigger value="ai" className="segmented-tabs__trigger">
            {t.mining.tabAi}
          </Tabs.Trigger>
          <Tabs.Trigger value="manual" className="segmented-tabs__trigger">
            {t.mining.tabManual}
          </Tabs.Trigger>
        </Tabs.List>
        {/* Both panels stay mounted so a prompt or a generated tweet survives a tab switch. */}
        <Tabs.Content value="ai" forceMount className="segmented-tabs__panel sm-tabs__panel">
          <AiAssistantTab userId={userId} onUse={takeGenerated} />
        </Tabs.Content>
        <Tabs.Content value="manual" forceMount className="segmented-tabs__panel sm-tabs__panel">
          <WriteMyselfTab
            text={text}
            onTextChange={setText}
            userId={userId}
            username={username}
            hasXAccount={hasXAccount}
          />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
