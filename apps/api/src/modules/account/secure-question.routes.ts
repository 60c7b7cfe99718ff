import {
  chosenQuestion,
  requireSession,
  SECURE_QUESTIONS,
  secureQuestionText,
  setSecureAnswer,
  type AccountsContext,
} from '@tessera/server/accounts';
import type { FastifyInstance } from 'fastify';
import { strictValidatorCompiler } from '@tessera/server/http';
import { apiRef, apiSchemas, type ApiPayload } from '@tessera/shared/contract-api';
import { errors, message, noBody, tags } from './account-route-kit';

/** The secure question: the choices, the account's question, setting a chosen or custom one. */
export function secureQuestionRoutes(app: FastifyInstance, ctx: AccountsContext): void {
  app.get(
    '/officeapi/getsecurequestions',
    {
      schema: {
        summary: 'Secure questions to choose from',
        tags,
        response: { 200: apiRef('account/secure-questions-response') },
      },
    },
    async () => ({ questions: SECURE_QUESTIONS.map((q) => ({ ...q })) }),
  );

  app.post(
    '/officeapi/getUserSecureQuestion',
    {
      schema: {
        summary: "The account's secure question",
        tags,
        body: noBody,
        response: { 200: apiRef('account/user-secure-question-response'), ...errors(400, 401) },
      },
    },
    async (request) => ({ secure_question: secureQuestionText((await requireSession(ctx, request)).user) }),
  );

  // The answers are stored: their bodies are taken as sent, never coerced or stripped into shape.
  const strict = strictValidatorCompiler([...apiSchemas('account/'), ...apiSchemas('auth/')]);

  app.post<{ Body: ApiPayload<'account/secure-answer-request'> }>(
    '/officeapi/setanswertosecurequestion',
    {
      validatorCompiler: strict,
      schema: {
        summary: 'Choose a secure question and answer it',
        tags,
        body: apiRef('account/secure-answer-request'),
        response: { 200: message, ...errors(400, 401, 403, 422, 429) },
      },
    },
    async (request) => {
      const question = chosenQuestion(request.body.question_id);
      return setSecureAnswer(ctx, request, await requireSession(ctx, request), question, request.body);
    },
  );

  app.post<{ Body: ApiPayload<'account/custom-secure-answer-request'> }>(
    '/officeapi/setanswertocustomsecurequestion',
    {
      validatorCompiler: strict,
      schema: {
        summary: 'Write an own secure question and answer it',
        tags,
        body: apiRef('account/custom-secure-answer-request'),
        response: { 200: message, ...errors(400, 401, 403, 422, 429) },
      },
    },
    async (request) =>
      setSecureAnswer(
        ctx,
        request,
        await requireSession(ctx, request),
        { key: request.body.question.trim(), custom: true },
        request.body,
      ),
  );
}
