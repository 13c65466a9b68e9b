import escapeHtml from 'escape-html';
import { brand } from '@shared/brand';
import { simulatedXPrefix } from '../../platform/x-mode.js';
import type { ReaderLanguage } from './reader-language.js';
import type { AuthorizeRequest, SimulatedAccount, SimulatedPost, SimulatedXProblem } from './simulated-x.service.js';
import { simulatedXTexts } from './simulated-x.texts.js';

// Every value and text that reaches a page goes through escapeHtml; the markup around it is fixed.
const e = (value: string | undefined): string => escapeHtml(value ?? '');
const product = brand.productName;

const styles = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #0f1419; color: #e7e9ea; }
  main { max-width: 36rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .banner { margin: 0; padding: .75rem 1rem; background: #ffd400; color: #0f1419; text-align: center; font-weight: 600; }
  h1 { font-size: 1.5rem; margin: 1.5rem 0 1rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  label.inline { display: flex; gap: .5rem; align-items: center; font-weight: 400; }
  input[type=text], textarea { box-sizing: border-box; width: 100%; padding: .5rem; font: inherit; border-radius: .375rem;
    border: 1px solid #536471; background: #000; color: #e7e9ea; }
  textarea { min-height: 8rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; flex-wrap: wrap; align-items: center; }
  button { font: inherit; font-weight: 700; padding: .5rem 1.25rem; border-radius: 999px; border: 0; background: #1d9bf0; color: #fff; cursor: pointer; }
  button.secondary { background: transparent; color: #e7e9ea; border: 1px solid #536471; }
  :focus-visible { outline: 3px solid #ffd400; outline-offset: 2px; }
  .error { background: #4a1a1f; border: 1px solid #f4212e; padding: .5rem .75rem; border-radius: .375rem; }
  .post { border: 1px solid #2f3336; border-radius: .75rem; padding: 1rem; white-space: pre-wrap; overflow-wrap: anywhere; }
  .muted { color: #8b98a5; }
  a { color: #1d9bf0; }
`;

/** Where a page's form posts: the language travels with it, so the answer speaks it too. */
export const inLanguage = (path: string, language: ReaderLanguage) => `${simulatedXPrefix}${path}?lang=${language}`;

function layout(language: ReaderLanguage, title: string, body: string, options: { script?: boolean } = {}): string {
  const t = simulatedXTexts[language];
  return `<!doctype html>
<html lang="${e(t.htmlLang)}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${e(title)} · ${e(t.label)}</title>
<style>${styles}</style>
${options.script ? `<script src="${simulatedXPrefix}/copy.js" defer></script>` : ''}
</head>
<body>
<p class="banner" role="note">${e(t.label)}: ${e(t.bannerNote)}</p>
<main>
${body}
</main>
</body>
</html>`;
}

function errorBlock(language: ReaderLanguage, problem: SimulatedXProblem | null): string {
  return problem ? `<p class="error" role="alert">${e(simulatedXTexts[language].problem(problem))}</p>` : '';
}

export function cannotAuthorizePage(language: ReaderLanguage, problem: SimulatedXProblem): string {
  const title = simulatedXTexts[language].cannotAuthorize;
  return layout(language, title, `<h1>${e(title)}</h1>\n${errorBlock(language, problem)}`);
}

export function postNotFoundPage(language: ReaderLanguage): string {
  const t = simulatedXTexts[language];
  return layout(language, t.postNotFoundTitle, `<h1>${e(t.postNotFoundTitle)}</h1>\n<p class="error" role="alert">${e(t.postNotFound)}</p>`);
}

const authorizeFields = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope'] as const;

export function authorizePage(
  language: ReaderLanguage,
  request: AuthorizeRequest,
  input: { handle: string; problem: SimulatedXProblem | null },
): string {
  const t = simulatedXTexts[language];
  const hidden = authorizeFields
    .map((name) => `<input type="hidden" name="${name}" value="${e(request[name])}" />`)
    .join('\n  ');
  return layout(
    language,
    t.authorizeTitle,
    `<h1>${e(t.authorizeHeading(product))}</h1>
<p>${e(t.authorizeIntro(product))}</p>
${errorBlock(language, input.problem)}
<form action="${inLanguage('/i/oauth2/authorize', language)}" method="post">
  ${hidden}
  <label for="handle">${e(t.handleLabel)}</label>
  <input type="text" id="handle" name="handle" value="${e(input.handle)}" required maxlength="15" pattern="[A-Za-z0-9_]{1,15}" autocomplete="off" spellcheck="false" />
  <label class="inline"><input type="checkbox" name="verified" value="1" /> ${e(t.verifiedLabel)}</label>
  <label class="inline"><input type="checkbox" name="newAccount" value="1" /> ${e(t.newAccountLabel)}</label>
  <div class="actions">
    <button type="submit" name="action" value="approve">${e(t.authorizeButton)}</button>
    <button type="submit" name="action" value="deny" class="secondary" formnovalidate>${e(t.cancelButton)}</button>
  </div>
</form>`,
  );
}

export function composePage(
  language: ReaderLanguage,
  input: { text: string; account: SimulatedAccount | null; problem: SimulatedXProblem | null },
): string {
  const t = simulatedXTexts[language];
  if (!input.account) {
    return layout(
      language,
      t.composeTitle,
      `<h1>${e(t.composeTitle)}</h1>
<p>${e(t.noAccount(product))}</p>
<label for="text">${e(t.postTextLabel)}</label>
<textarea id="text" readonly>${e(input.text)}</textarea>`,
    );
  }
  const handle = `<strong>@${e(input.account.username)}</strong>`;
  return layout(
    language,
    t.composeTitle,
    `<h1>${e(t.composeTitle)}</h1>
<p>${e(t.postingAs).replace('{handle}', () => handle)}</p>
${errorBlock(language, input.problem)}
<form action="${inLanguage('/intent/tweet', language)}" method="post">
  <label for="text">${e(t.postTextLabel)}</label>
  <textarea id="text" name="text" required>${e(input.text)}</textarea>
  <div class="actions"><button type="submit">${e(t.postButton)}</button></div>
</form>`,
  );
}

export function postPage(language: ReaderLanguage, post: SimulatedPost, url: string): string {
  const t = simulatedXTexts[language];
  return layout(
    language,
    t.postTitle,
    `<h1>${e(t.postedHeading)}</h1>
<p class="muted">@${e(post.author.username)} · ${e(new Date(post.createdAt).toISOString())}</p>
<div class="post">${e(post.text)}</div>
<label for="post-url">${e(t.postLinkLabel(product))}</label>
<input type="text" id="post-url" value="${e(url)}" readonly />
<div class="actions">
  <button type="button" data-copy-target="post-url" hidden>${e(t.copyLink)}</button>
  <span role="status" data-copy-status data-copied="${e(t.linkCopied)}"></span>
</div>
<p class="muted">${e(t.postNote)}</p>`,
    { script: true },
  );
}
