import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '../home.css';

export type ToolKey = 'allocation' | 'tokenomics' | 'tokens';

const paths: Record<ToolKey, string> = {
  allocation: '/allocation',
  tokenomics: '/tokenomics',
  tokens: '/tokens',
};

/** Cards linking to the information pages, each with a one-line description. */
export function ToolLinks({ tools }: { tools: readonly ToolKey[] }) {
  const { t } = useLanguage();
  const text = t.home.tools;
  const content: Record<ToolKey, { title: string; description: string }> = {
    allocation: { title: text.allocationTitle, description: text.allocationText },
    tokenomics: { title: text.tokenomicsTitle, description: text.tokenomicsText },
    tokens: { title: text.tokensTitle, description: text.tokensText },
  };

  return (
    <ul className="tool-links">
      {tools.map((tool) => (
        <li key={tool}>
          <Link to={paths[tool]} className="card tool-link">
            <span className="tool-link__title">
              {content[tool].title}
              <span className="tool-link__arrow" aria-hidden="true">
                →
              </span>
            </span>
            <span className="tool-link__text">{content[tool].description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
