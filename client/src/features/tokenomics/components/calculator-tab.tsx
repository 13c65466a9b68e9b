import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { Section } from './section';

export function CalculatorTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.calculator;

  return (
    <Section title={text.heading}>
      <p>{text.text}</p>
      <Link to="/calculator" className="button button--primary">
        {text.link}
      </Link>
    </Section>
  );
}
