import escapeHtml from 'escape-html';
import { brand } from '../../../shared/brand.js';
import { simulatedXLabel } from '../../../shared/simulated-x.js';
import { simulatedXPrefix } from '../../x-mode.js';
import type { AuthorizeRequest, SimulatedAccount, SimulatedPost } from './simulated-x.service.js';

// Every value that reaches a page goes through escapeHtml; the markup around it is fixed text.
const e = (value: string | undefined): string => escapeHtml(value ?? '');

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

function layout(title: string, body: string, options: { script?: boolean } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>${e(title)} · ${e(simulatedXLabel)}</title>
<style>${styles}</style>
${options.script ? `<script src="${simulatedXPrefix}/copy.js" defer></script>` : ''}
</head>
<body>
<p class="banner" role="note">${e(simulatedXLabel)}: nothing here reaches the real X.</p>
<main>
${body}
</main>
</body>
</html>`;
}

const errorBlock = (error: string | null) => (error ? `<p class="error" role="alert">${e(error)}</p>` : '');

export function problemPage(title: string, problem: string): string {
  return layout(title, `<h1>${e(title)}</h1>\n${errorBlock(problem)}`);
}

const authorizeFields = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope'] as const;

export function authorizePage(request: AuthorizeRequest, input: { handle: string; error: string | null }): string {
  const hidden = authorizeFields
    .map((name) => `<input type="hidden" name="${name}" value="${e(request[name])}" />`)
    .join('\n  ');
  return layout(
    'Authorize app',
    `<h1>Authorize ${e(brand.productName)} to use your account?</h1>
<p>This stands in for X's sign-in page. Pick any handle: it becomes your simulated X account, and ${e(brand.productName)} can read its profile and posts.</p>
${errorBlock(input.error)}
<form action="${simulatedXPrefix}/i/oauth2/authorize" method="post">
  ${hidden}
  <label for="handle">X handle (without @)</label>
  <input type="text" id="handle" name="handle" value="${e(input.handle)}" required maxlength="15" pattern="[A-Za-z0-9_]{1,15}" autocomplete="off" spellcheck="false" />
  <label class="inline"><input type="checkbox" name="verified" value="1" /> Paid-tier verified account (earns the higher reward)</label>
  <label class="inline"><input type="checkbox" name="newAccount" value="1" /> Brand-new account (2 days old, 3 followers), to try the account requirements</label>
  <div class="actions">
    <button type="submit" name="action" value="approve">Authorize app</button>
    <button type="submit" name="action" value="deny" class="secondary" formnovalidate>Cancel</button>
  </div>
</form>`,
  );
}

export function composePage(input: { text: string; account: SimulatedAccount | null; error: string | null }): string {
  if (!input.account) {
    return layout(
      'Compose post',
      `<h1>Compose post</h1>
<p>No simulated X account is signed in on this browser yet. Connect X in ${e(brand.productName)} first; the simulated X then remembers the handle you chose.</p>
<label for="text">Post text</label>
<textarea id="text" readonly>${e(input.text)}</textarea>`,
    );
  }
  return layout(
    'Compose post',
    `<h1>Compose post</h1>
<p>Posting as <strong>@${e(input.account.username)}</strong>.</p>
${errorBlock(input.error)}
<form action="${simulatedXPrefix}/intent/tweet" method="post">
  <label for="text">Post text</label>
  <textarea id="text" name="text" required>${e(input.text)}</textarea>
  <div class="actions"><button type="submit">Post</button></div>
</form>`,
  );
}

export function postPage(post: SimulatedPost, url: string): string {
  return layout(
    'Post',
    `<h1>Posted</h1>
<p class="muted">@${e(post.author.username)} · ${e(new Date(post.createdAt).toISOString())}</p>
<div class="post">${e(post.text)}</div>
<label for="post-url">Link to this post: paste it into ${e(brand.productName)} to claim</label>
<input type="text" id="post-url" value="${e(url)}" readonly />
<div class="actions">
  <button type="button" data-copy-target="post-url" hidden>Copy link</button>
  <span role="status" data-copy-status></span>
</div>
<p class="muted">The link has X's form so the app reads it as it would a real post; the post itself exists only in this simulated X.</p>`,
    { script: true },
  );
}
