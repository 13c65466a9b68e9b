import { Type } from 'typebox';

// The simulated X's own wire shapes (X's OAuth 2.0 and API v2, as far as the app uses them).
// Only the server's X client reads them, so they live here rather than in shared/.

const optional = Type.Optional(Type.String({ maxLength: 2048 }));

// The reader's language as the app's link gives it: en or zh (anything else falls back to Accept-Language).
const language = { lang: optional };
export const LanguageQuerySchema = Type.Object(language);

const authorizeRequest = {
  response_type: optional,
  client_id: optional,
  redirect_uri: optional,
  state: optional,
  code_challenge: optional,
  code_challenge_method: optional,
  scope: optional,
};

export const AuthorizeQuerySchema = Type.Object({ ...authorizeRequest, ...language });

export const AuthorizeFormSchema = Type.Object({
  ...authorizeRequest,
  handle: optional,
  verified: optional,
  newAccount: optional,
  action: Type.Optional(Type.Union([Type.Literal('approve'), Type.Literal('deny')])),
});

export const TokenFormSchema = Type.Object({
  grant_type: optional,
  code: optional,
  code_verifier: optional,
  redirect_uri: optional,
  client_id: optional,
  refresh_token: optional,
});

export const TokenResponseSchema = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  token_type: Type.Literal('bearer'),
  scope: Type.String(),
});

export const OAuthErrorSchema = Type.Object({ error: Type.String(), error_description: Type.String() });

export const ProblemSchema = Type.Object({ title: Type.String(), detail: Type.String() });

export const UserResponseSchema = Type.Object({
  data: Type.Object({
    id: Type.String(),
    username: Type.String(),
    name: Type.String(),
    verified: Type.Boolean(),
    verified_type: Type.Union([Type.Literal('blue'), Type.Literal('none')]),
    created_at: Type.String(),
    public_metrics: Type.Object({
      followers_count: Type.Integer(),
      following_count: Type.Integer(),
      tweet_count: Type.Integer(),
      listed_count: Type.Integer(),
    }),
  }),
});

export const PostParamsSchema = Type.Object({ id: Type.String({ pattern: '^\\d{1,25}$' }) });

// X answers 200 with an `errors` list for a post that does not exist.
export const PostResponseSchema = Type.Union([
  Type.Object({
    data: Type.Object({
      id: Type.String(),
      author_id: Type.String(),
      text: Type.String(),
      created_at: Type.String(),
      entities: Type.Optional(
        Type.Object({
          urls: Type.Array(Type.Object({ url: Type.String(), expanded_url: Type.String(), display_url: Type.String() })),
        }),
      ),
    }),
  }),
  Type.Object({
    errors: Type.Array(Type.Object({ title: Type.String(), detail: Type.String(), resource_id: Type.String() })),
  }),
]);

export const ComposeQuerySchema = Type.Object({ text: Type.Optional(Type.String({ maxLength: 100_000 })), ...language });
export const ComposeFormSchema = Type.Object({ text: Type.Optional(Type.String({ maxLength: 100_000 })) });
