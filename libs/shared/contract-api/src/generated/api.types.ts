/* eslint-disable */
// GENERATED FILE, DO NOT EDIT. Types of the platform API payloads.
// Source: schemas/api/**/*.schema.json. Regenerate with `npm run codegen`; `npm run codegen:check` fails when this drifts.

/**
 * Body of a call that takes no parameters: none, or an empty JSON object. Anything else is refused with 400, so a malformed request never acts.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "EmptyRequest".
 */
export type EmptyRequest = {} | null;
/**
 * Body of POST /web-api/user/registration. Each variant must be enabled for the brand and country (registration.variants); fields a variant needs are required, plus the variant's configured requiredFields.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "RegistrationRequest".
 */
export type RegistrationRequest = RegistrationRequest1;
/**
 * An operator's role: what they may do is the permission matrix's answer for it (libs/server/backoffice README).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeRole".
 */
export type BackofficeRole = 'admin' | 'compliance' | 'payments' | 'risk' | 'support' | 'viewer';
/**
 * One thing an operator may do; the permission matrix (libs/server/backoffice/src/permissions.ts) lists the roles that have it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePermission".
 */
export type BackofficePermission =
  | 'sessions.read-all'
  | 'sessions.revoke-any'
  | 'operators.read'
  | 'operators.write'
  | 'players.search'
  | 'players.view'
  | 'players.lock'
  | 'players.sign-out'
  | 'players.notes'
  | 'players.limits'
  | 'bets.read'
  | 'bets.vip'
  | 'bets.correct'
  | 'withdrawals.read'
  | 'withdrawals.decide'
  | 'payments.adjust'
  | 'payments.lookup'
  | 'verification.read'
  | 'verification.documents'
  | 'verification.decide'
  | 'audit.read'
  | 'audit.export'
  | 'brands.read'
  | 'config.read'
  | 'config.edit'
  | 'config.approve'
  | 'config.publish';
/**
 * A message a client sends on the live push channel.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedPushCommand".
 */
export type FeedPushCommand =
  | {
      /**
       * Follow games, or the whole live list.
       */
      op: 'subscribe' | 'unsubscribe';
      /**
       * Game ids.
       *
       * @maxItems 200
       *
       * Items: Game id.
       */
      games?: number[];
      /**
       * The whole live list: with subscribe, true follows it and false stops following it; with unsubscribe, true stops following it. Absent leaves it as it was.
       */
      live?: boolean;
      /**
       * With subscribe: the resume token of the last message received before a reconnect; the deltas since then follow the answer (subscribed.resumed says whether that was possible).
       */
      resume?: string;
    }
  | {
      /**
       * Keep-alive.
       */
      op: 'ping';
    };
/**
 * A message of the live push channel (WebSocket /service-api/feed/push). seq grows by exactly 1 per message on a connection: a gap means a lost message, so the client fetches a snapshot (polling) again.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedPushMessage".
 */
export type FeedPushMessage =
  | {
      /**
       * First message.
       */
      type: 'hello';
      /**
       * Always 1.
       */
      seq: number;
      /**
       * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
       */
      version: number;
      /**
       * Most game ids one connection may follow.
       */
      maxGames: number;
      /**
       * Resume token: the position in the feed this message brings the client to. Sent back with subscribe after a reconnect (to this or another server), it brings the deltas missed meanwhile.
       */
      resume?: string;
      /**
       * True while the server cannot follow the live feed (its odds are the last known ones and may be out of date); false again once it follows.
       */
      stale?: boolean;
    }
  | {
      /**
       * Deltas.
       */
      type: 'delta';
      /**
       * Message number on this connection.
       */
      seq: number;
      /**
       * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
       */
      version: number;
      /**
       * What changed, in feed order.
       *
       * Items: One change.
       */
      changes: (
        | {
            /**
             * Odds of one outcome.
             */
            kind: 'odds';
            /**
             * Game.
             */
            gameId: number;
            /**
             * Market.
             */
            marketId: string;
            /**
             * Outcome.
             */
            outcomeId: string;
            /**
             * Previous odds.
             */
            old: number;
            /**
             * New odds.
             */
            new: number;
          }
        | {
            /**
             * Suspension.
             */
            kind: 'suspension';
            /**
             * Game.
             */
            gameId: number;
            /**
             * Market.
             */
            marketId: string;
            /**
             * True: suspended; false: open again.
             */
            suspended: boolean;
            /**
             * Why, when suspended.
             */
            reason?: string;
          }
        | {
            /**
             * Score.
             */
            kind: 'score';
            /**
             * Game.
             */
            gameId: number;
            /**
             * Period.
             */
            period: number;
            /**
             * Score.
             */
            score: {
              /**
               * Home side.
               */
              home: number;
              /**
               * Away side.
               */
              away: number;
            };
            /**
             * Per period.
             *
             * Items: Score.
             */
            periodScores: {
              /**
               * Home side.
               */
              home: number;
              /**
               * Away side.
               */
              away: number;
            }[];
          }
        | {
            /**
             * Clock.
             */
            kind: 'clock';
            /**
             * Game.
             */
            gameId: number;
            /**
             * Period.
             */
            period: number;
            /**
             * Clock.
             */
            clockSeconds: number;
            /**
             * Running.
             */
            clockRunning: boolean;
          }
        | {
            /**
             * Started.
             */
            kind: 'started';
            /**
             * Game.
             */
            gameId: number;
          }
        | {
            /**
             * Added.
             */
            kind: 'added';
            /**
             * Game.
             */
            gameId: number;
          }
        | {
            /**
             * Finished.
             */
            kind: 'finished';
            /**
             * Game.
             */
            gameId: number;
            /**
             * finished or cancelled.
             */
            status: 'finished' | 'cancelled';
            /**
             * Score.
             */
            score: {
              /**
               * Home side.
               */
              home: number;
              /**
               * Away side.
               */
              away: number;
            };
          }
        | {
            /**
             * Removed.
             */
            kind: 'removed';
            /**
             * Game.
             */
            gameId: number;
          }
      )[];
      /**
       * Resume token: the position in the feed this message brings the client to. Sent back with subscribe after a reconnect (to this or another server), it brings the deltas missed meanwhile.
       */
      resume?: string;
      /**
       * True when the client read too slowly and several deltas were merged into this one: the latest odds per outcome (old is the odds before the first merged change), the latest state per market and game.
       */
      conflated?: boolean;
    }
  | {
      /**
       * Subscription state.
       */
      type: 'subscribed';
      /**
       * Message number.
       */
      seq: number;
      /**
       * Followed game ids.
       *
       * Items: Game id.
       */
      games: number[];
      /**
       * Following the whole live list.
       */
      live: boolean;
      /**
       * Present when the command carried a resume token: true when every delta since it follows (nothing was missed), false when the token is too old or unknown and the client must fetch the feed again (a snapshot by the polling calls).
       */
      resumed?: boolean;
    }
  | {
      /**
       * Error.
       */
      type: 'error';
      /**
       * Message number.
       */
      seq: number;
      /**
       * What was wrong with the command.
       */
      message: string;
    }
  | {
      /**
       * Pong.
       */
      type: 'pong';
      /**
       * Message number.
       */
      seq: number;
    }
  | {
      /**
       * Feed state.
       */
      type: 'status';
      /**
       * Message number on this connection.
       */
      seq: number;
      /**
       * True while the server cannot follow the live feed (its odds are the last known ones and may be out of date); false again once it follows.
       */
      stale: boolean;
    }
  | {
      /**
       * Refetch.
       */
      type: 'resync';
      /**
       * Message number on this connection.
       */
      seq: number;
      /**
       * Resume token: the position in the feed this message brings the client to. Sent back with subscribe after a reconnect (to this or another server), it brings the deltas missed meanwhile.
       */
      resume: string;
    };

/**
 * Every payload of the platform API by its schema name (the path under schemas/api without `.schema.json`).
 */
export interface ApiPayloads {
  'account/close-session-request': CloseSessionRequest;
  'account/custom-secure-answer-request': CustomSecureAnswerRequest;
  'account/password-change-request': PasswordChangeRequest;
  'account/phone-change-confirm-request': PhoneChangeConfirmRequest;
  'account/phone-check-answer-request': PhoneCheckAnswerRequest;
  'account/phone-check-code-request': PhoneCheckCodeRequest;
  'account/phone-create-confirm-request': PhoneCreateConfirmRequest;
  'account/phone-create-request': PhoneCreateRequest;
  'account/phone-send-code-response': PhoneSendCodeResponse;
  'account/phone-update-request': PhoneUpdateRequest;
  'account/reauth-request': ReauthRequest;
  'account/secure-answer-request': SecureAnswerRequest;
  'account/secure-questions-response': SecureQuestionsResponse;
  'account/session-id-response': SessionIdResponse;
  'account/session-limits-response': SessionLimitsResponse;
  'account/sessions-response': UserSessionsResponse;
  'account/two-factor-disable-request': TwoFactorDisableRequest;
  'account/two-factor-enable-request': TwoFactorEnableRequest;
  'account/two-factor-enable-response': TwoFactorEnableResponse;
  'account/two-factor-qr-response': TwoFactorQrResponse;
  'account/user-secure-question-response': UserSecureQuestionResponse;
  'auth/activate-request': ActivateRequest;
  'auth/captcha-altcha-challenge-response': CaptchaAltchaChallengeResponse;
  'auth/captcha-altcha-verify-request': CaptchaAltchaVerifyRequest;
  'auth/captcha-challenge-response': CaptchaChallengeResponse;
  'auth/captcha-dev-query': DevCaptchaQuery;
  'auth/captcha-dev-response': DevCaptchaResponse;
  'auth/captcha-verify-request': CaptchaVerifyRequest;
  'auth/captcha-verify-response': CaptchaVerifyResponse;
  'auth/empty-request': EmptyRequest;
  'auth/login-request': LoginRequest;
  'auth/login-response': LoginResponse;
  'auth/message-response': MessageResponse;
  'auth/oauth-callback-query': OAuthCallbackQuery;
  'auth/oauth-start-query': OAuthStartQuery;
  'auth/outbox-query': DevOutboxQuery;
  'auth/outbox-response': DevOutboxResponse;
  'auth/password-reset-query': PasswordResetQuery;
  'auth/password-reset-request': PasswordResetRequest;
  'auth/registration-confirm-request': RegistrationConfirmRequest;
  'auth/registration-pending-response': RegistrationPendingResponse;
  'auth/registration-request': RegistrationRequest;
  'auth/registration-response': RegistrationResponse;
  'auth/registration-send-code-request': RegistrationSendCodeRequest;
  'auth/send-code-response': SendCodeResponse;
  'auth/session-response': SessionResponse;
  'auth/sms-check-code-request': SmsCheckCodeRequest;
  'auth/sms-send-code-request': SmsSendCodeRequest;
  'auth/token-refresh-request': UserTokenRefreshRequest;
  'auth/token-response': UserTokenResponse;
  'auth/two-factor-login-request': TwoFactorLoginRequest;
  'backoffice/adjustment-request': BackofficeAdjustmentRequest;
  'backoffice/adjustment-response': BackofficeAdjustmentResponse;
  'backoffice/audit-entry': BackofficeAuditEntry;
  'backoffice/audit-query': BackofficeAuditQuery;
  'backoffice/audit-response': BackofficeAuditResponse;
  'backoffice/bet': BackofficeBet;
  'backoffice/bet-correction-request': BackofficeBetCorrectionRequest;
  'backoffice/bet-correction-response': BackofficeBetCorrectionResponse;
  'backoffice/bet-selection': BackofficeBetSelection;
  'backoffice/bets-query': BackofficeBetsQuery;
  'backoffice/bets-response': BackofficeBetsResponse;
  'backoffice/brands-response': BackofficeBrandsResponse;
  'backoffice/config-brand-query': BackofficeConfigBrandQuery;
  'backoffice/config-brand-response': BackofficeConfigBrandResponse;
  'backoffice/config-change': BackofficeConfigChange;
  'backoffice/config-draft-request': BackofficeConfigDraftRequest;
  'backoffice/config-draft-response': BackofficeConfigDraftResponse;
  'backoffice/config-draft-summary': BackofficeConfigDraftSummary;
  'backoffice/config-history-response': BackofficeConfigHistoryResponse;
  'backoffice/config-restore-request': BackofficeConfigRestoreRequest;
  'backoffice/config-schema-response': BackofficeConfigSchemaResponse;
  'backoffice/deposits-query': BackofficeDepositsQuery;
  'backoffice/deposits-response': BackofficeDepositsResponse;
  'backoffice/document': BackofficeDocument;
  'backoffice/liability-response': BackofficeLiabilityResponse;
  'backoffice/me-response': BackofficeMeResponse;
  'backoffice/note-request': BackofficeNoteRequest;
  'backoffice/operator': BackofficeOperator;
  'backoffice/operator-create-request': BackofficeOperatorCreateRequest;
  'backoffice/operator-create-response': BackofficeOperatorCreateResponse;
  'backoffice/operator-response': BackofficeOperatorResponse;
  'backoffice/operator-update-request': BackofficeOperatorUpdateRequest;
  'backoffice/operators-response': BackofficeOperatorsResponse;
  'backoffice/pending-adjustments-response': BackofficePendingAdjustmentsResponse;
  'backoffice/permission': BackofficePermission;
  'backoffice/player': BackofficePlayer;
  'backoffice/player-action-response': BackofficePlayerActionResponse;
  'backoffice/player-limit-request': BackofficePlayerLimitRequest;
  'backoffice/player-limit-response': BackofficePlayerLimitResponse;
  'backoffice/player-response': BackofficePlayerResponse;
  'backoffice/players-query': BackofficePlayersQuery;
  'backoffice/players-response': BackofficePlayersResponse;
  'backoffice/reason-request': BackofficeReasonRequest;
  'backoffice/role': BackofficeRole;
  'backoffice/session-request': BackofficeSessionRequest;
  'backoffice/session-response': BackofficeSessionResponse;
  'backoffice/sessions-response': BackofficeSessionsResponse;
  'backoffice/totp-enrol-response': BackofficeTotpEnrolResponse;
  'backoffice/totp-request': BackofficeTotpRequest;
  'backoffice/verification-decide-request': BackofficeVerificationDecideRequest;
  'backoffice/verification-decide-response': BackofficeVerificationDecideResponse;
  'backoffice/verification-query': BackofficeVerificationQuery;
  'backoffice/verification-queue-response': BackofficeVerificationQueueResponse;
  'backoffice/vip-bet': BackofficeVipBet;
  'backoffice/vip-bets-response': BackofficeVipBetsResponse;
  'backoffice/vip-decision-request': BackofficeVipDecisionRequest;
  'backoffice/vip-decision-response': BackofficeVipDecisionResponse;
  'backoffice/withdrawal': BackofficeWithdrawal;
  'backoffice/withdrawal-decision-response': BackofficeWithdrawalDecisionResponse;
  'backoffice/withdrawals-query': BackofficeWithdrawalsQuery;
  'backoffice/withdrawals-response': BackofficeWithdrawalsResponse;
  'bets/bet': BetHistoryItem;
  'bets/bet-status-request': BetStatusRequest;
  'bets/bet-status-response': BetStatusResponse;
  'bets/bets-history-request': BetsHistoryRequest;
  'bets/bets-history-response': BetsHistoryResponse;
  'bets/coupon-event': CouponEvent;
  'bets/coupon-events-request': CouponEventsRequest;
  'bets/coupon-response': CouponResponse;
  'bets/dev-feed-finish-request': DevFeedFinishRequest;
  'bets/dev-feed-finish-response': DevFeedFinishResponse;
  'bets/get-advance-request': GetAdvanceRequest;
  'bets/get-advance-response': GetAdvanceResponse;
  'bets/make-bet-bid-request': MakeBetBidRequest;
  'bets/make-bet-multi-request': MakeBetMultiRequest;
  'bets/make-bet-request': MakeBetRequest;
  'bets/make-bet-response': MakeBetResponse;
  'bets/odds-change': OddsChange;
  'bets/sale-bet-request': SaleBetRequest;
  'bets/sale-bet-response': SaleBetResponse;
  'bets/sale-info-request': SaleInfoRequest;
  'bets/sale-info-response': SaleInfoResponse;
  'bets/save-coupon-request': SaveCouponRequest;
  'bets/save-coupon-response': SaveCouponResponse;
  'casino/act-request': CasinoActRequest;
  'casino/catalogue-response': CasinoCatalogueResponse;
  'casino/demo-act-request': CasinoDemoActRequest;
  'casino/demo-play-request': CasinoDemoPlayRequest;
  'casino/demo-round': CasinoDemoRound;
  'casino/external-launch-response': CasinoExternalLaunchResponse;
  'casino/favourite-request': CasinoFavouriteRequest;
  'casino/favourites-response': CasinoFavouritesResponse;
  'casino/game-entry': CasinoGameEntry;
  'casino/history-request': CasinoHistoryRequest;
  'casino/history-response': CasinoHistoryResponse;
  'casino/history-round': CasinoHistoryRound;
  'casino/launch-request': CasinoLaunchRequest;
  'casino/launch-response': CasinoLaunchResponse;
  'casino/play-request': CasinoPlayRequest;
  'casino/recompute-request': CasinoRecomputeRequest;
  'casino/recompute-response': CasinoRecomputeResponse;
  'casino/rotate-seed-request': CasinoRotateSeedRequest;
  'casino/rotate-seed-response': CasinoRotateSeedResponse;
  'casino/round': CasinoRound;
  'casino/rounds-response': CasinoRoundsResponse;
  'casino/seed-response': CasinoSeedResponse;
  'casino/tournament-entry': CasinoTournamentEntry;
  'casino/tournament-response': CasinoTournamentResponse;
  'casino/tournament-summary': CasinoTournamentSummary;
  'casino/tournaments-response': CasinoTournamentsResponse;
  'casino/verify-response': CasinoVerifyResponse;
  'config-issue': ConfigIssue;
  error: ApiError;
  'feed/feed-champ': FeedChamp;
  'feed/feed-champ-response': FeedChampResponse;
  'feed/feed-champs-response': FeedChampsResponse;
  'feed/feed-express-response': FeedExpressResponse;
  'feed/feed-game-response': FeedGameResponse;
  'feed/feed-game-row': FeedGameRow;
  'feed/feed-games-response': FeedGamesResponse;
  'feed/feed-market': FeedMarket;
  'feed/feed-push-command': FeedPushCommand;
  'feed/feed-push-message': FeedPushMessage;
  'feed/feed-push-query': FeedPushQuery;
  'feed/feed-search-response': FeedSearchResponse;
  'feed/feed-sports-response': FeedSportsResponse;
  'health-response': HealthResponse;
  'pages/information-block': InformationBlock;
  'pages/information-inline': InformationInline;
  'pages/information-page-query': InformationPageQuery;
  'pages/information-page-response': InformationPageResponse;
  'ready-response': ReadyResponse;
  'responsible/limit-change-request': LimitChangeRequest;
  'responsible/lock-request': LockRequest;
  'responsible/play-session-response': PlaySessionResponse;
  'responsible/responsible-overview-response': ResponsibleOverviewResponse;
  'site-config-explain-query': SiteConfigExplainQuery;
  'site-config-explain-response': SiteConfigExplainResponse;
  'site-config-query': SiteConfigQuery;
  'site-config-response': SiteConfigResponse;
  'verification/dev-decide-request': VerificationDevDecideRequest;
  'verification/document': VerificationDocument;
  'verification/documents-response': VerificationDocumentsResponse;
  'verification/status-response': VerificationStatusResponse;
  'verification/submit-request': VerificationSubmitRequest;
  'wallet/account-entry': AccountEntry;
  'wallet/balance-response': BalanceResponse;
  'wallet/create-currency-account-request': CreateCurrencyAccountRequest;
  'wallet/currency-account-request': CurrencyAccountRequest;
  'wallet/currency-accounts-response': CurrencyAccountsResponse;
  'wallet/deduce-data-response': DeduceDataResponse;
  'wallet/deposit-callback-request': DepositCallbackRequest;
  'wallet/deposit-callback-response': DepositCallbackResponse;
  'wallet/deposit-challenge-request': DepositChallengeRequest;
  'wallet/deposit-request': DepositRequest;
  'wallet/deposit-response': DepositResponse;
  'wallet/payments-history-request': PaymentsHistoryRequest;
  'wallet/payments-history-response': PaymentsHistoryResponse;
  'wallet/payout-callback-request': PayoutCallbackRequest;
  'wallet/payout-callback-response': PayoutCallbackResponse;
  'wallet/transfer-quote-request': TransferQuoteRequest;
  'wallet/transfer-quote-response': TransferQuoteResponse;
  'wallet/transfer-request': TransferRequest;
  'wallet/transfer-response': TransferResponse;
  'wallet/withdrawal-entry': WithdrawalEntry;
  'wallet/withdrawal-request': WithdrawalRequest;
}
/**
 * Body of POST /officeapi/closesession.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CloseSessionRequest".
 */
export interface CloseSessionRequest {
  /**
   * A session of the same account.
   */
  session_id: string;
}
/**
 * Body of POST /officeapi/setanswertocustomsecurequestion.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CustomSecureAnswerRequest".
 */
export interface CustomSecureAnswerRequest {
  /**
   * The player's own question.
   */
  question: string;
  /**
   * Answer (compared ignoring case and surrounding spaces).
   */
  answer: string;
  /**
   * Answer (compared ignoring case and surrounding spaces).
   */
  answer_repeat: string;
  /**
   * Current password, required to replace an existing answer.
   */
  password?: string;
}
/**
 * Body of PUT /web-api/api/web/user/v1/password (spec section 3): every password field base64-encoded.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PasswordChangeRequest".
 */
export interface PasswordChangeRequest {
  /**
   * JSON:API envelope.
   */
  data: {
    /**
     * The change.
     */
    attributes: {
      /**
       * Current password. Base64 of the UTF-8 text.
       */
      old_password: string;
      /**
       * New password. Base64 of the UTF-8 text.
       */
      password: string;
      /**
       * New password again. Base64 of the UTF-8 text.
       */
      password_confirmation: string;
      /**
       * Sign out every other session.
       */
      end_other_sessions?: boolean;
    };
  };
}
/**
 * Body of POST /web-api/api/internal/v1/phoneActions/updatePhoneNumber/confirm: the last step of the phone change, the code sent to the new number (libs/server/accounts README, "Second-step lockout, proving the new phone").
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PhoneChangeConfirmRequest".
 */
export interface PhoneChangeConfirmRequest {
  /**
   * The 6-digit code from the message to the new number.
   */
  confirm_code: string;
}
/**
 * Body of POST /web-api/api/internal/v3/phone-number/update/check-user-answer (a POST: checking spends tries, ADR 0205).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PhoneCheckAnswerRequest".
 */
export interface PhoneCheckAnswerRequest {
  /**
   * Answer to the secure question.
   */
  user_answer: string;
}
/**
 * Body of POST /web-api/api/internal/v3/phone-number/update/check-confirm-code (a POST: checking spends tries, ADR 0205).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PhoneCheckCodeRequest".
 */
export interface PhoneCheckCodeRequest {
  /**
   * The 6-digit code from the message.
   */
  confirm_code: string;
}
/**
 * Body of POST /web-api/api/internal/v1/phoneActions/createPhoneNumber/confirm.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PhoneCreateConfirmRequest".
 */
export interface PhoneCreateConfirmRequest {
  /**
   * New phone number: national digits with country_code, else international.
   */
  phone_number: string;
  /**
   * ISO 3166-1 alpha-2 country of the phone number.
   */
  country_code?: string;
  /**
   * The 6-digit code from the message.
   */
  confirm_code: string;
  /**
   * Codes may also go to the player's apps (stored preference).
   */
  is_send_sms_to_apps?: boolean;
}
/**
 * Body of POST /web-api/api/internal/v2/phone-actions/create-phone-number: bind a phone to an account that has none; a code is sent to it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PhoneCreateRequest".
 */
export interface PhoneCreateRequest {
  /**
   * New phone number: national digits with country_code, else international.
   */
  phone_number: string;
  /**
   * ISO 3166-1 alpha-2 country of the phone number.
   */
  country_code?: string;
}
/**
 * A code went out: to the current phone (updatePhoneNumber/sendCode), to the new number (update-phone-number) or to the phone being added (create-phone-number).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PhoneSendCodeResponse".
 */
export interface PhoneSendCodeResponse {
  /**
   * Text to show.
   */
  message: string;
  /**
   * Digits of the code.
   */
  code_length: number;
  /**
   * Seconds before another code may be requested.
   */
  resend_after?: number;
}
/**
 * Body of POST /web-api/api/internal/v2/phone-actions/update-phone-number: the new number of the phone change, with the current phone's code and the secure answer; a code then goes to the new number, which updatePhoneNumber/confirm takes (libs/server/accounts README, "Second-step lockout, proving the new phone").
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PhoneUpdateRequest".
 */
export interface PhoneUpdateRequest {
  /**
   * New phone number: national digits with country_code, else international.
   */
  phone_number: string;
  /**
   * ISO 3166-1 alpha-2 country of the phone number.
   */
  country_code?: string;
  /**
   * The 6-digit code from the message.
   */
  confirm_code: string;
  /**
   * Answer to the secure question (required when the account has one).
   */
  user_answer?: string;
}
/**
 * Body of POST /web-api/user/reauth: the password again, so the session may make security changes for 5 minutes (ADR 0206).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "ReauthRequest".
 */
export interface ReauthRequest {
  /**
   * The account's current password.
   */
  password: string;
}
/**
 * Body of POST /officeapi/setanswertosecurequestion. Needs the password when an answer already exists.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SecureAnswerRequest".
 */
export interface SecureAnswerRequest {
  /**
   * From /officeapi/getsecurequestions.
   */
  question_id: number;
  /**
   * Answer (compared ignoring case and surrounding spaces).
   */
  answer: string;
  /**
   * Answer (compared ignoring case and surrounding spaces).
   */
  answer_repeat: string;
  /**
   * Current password, required to replace an existing answer.
   */
  password?: string;
}
/**
 * GET /officeapi/getsecurequestions: the questions a player may choose.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SecureQuestionsResponse".
 */
export interface SecureQuestionsResponse {
  /**
   * Questions.
   *
   * Items: A question.
   */
  questions: {
    /**
     * Question id.
     */
    id: number;
    /**
     * Dictionary key of the text.
     */
    key: string;
    /**
     * English text.
     */
    text: string;
  }[];
}
/**
 * GET or POST /officeapi/getsessionid.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SessionIdResponse".
 */
export interface SessionIdResponse {
  /**
   * This request's session id.
   */
  session_id: string;
}
/**
 * When the signed-in session ends without further activity (libs/server/accounts README, "Idle sign-out and session lifetime"): the site warns a minute before idle_ends_at.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SessionLimitsResponse".
 */
export interface SessionLimitsResponse {
  /**
   * The server's clock, so the site can count down without trusting its own.
   */
  now: string;
  /**
   * The brand's inactivity limit (auth.autoLogoff.minutes), null when inactivity sign-out is off.
   */
  idle_timeout_seconds: number | null;
  /**
   * When the session ends if nothing else uses it; null when inactivity sign-out is off.
   */
  idle_ends_at: string | null;
  /**
   * When the session ends however active it is (auth.autoLogoff.lifetimeMinutes).
   */
  ends_at: string;
}
/**
 * POST /officeapi/getusersessions: live sessions, newest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "UserSessionsResponse".
 */
export interface UserSessionsResponse {
  /**
   * Sessions.
   *
   * Items: A live session.
   */
  sessions: {
    /**
     * Session id.
     */
    session_id: string;
    /**
     * Browser.
     */
    user_agent?: string | null;
    /**
     * Client address at sign-in.
     */
    ip?: string | null;
    /**
     * Signed in at (ISO).
     */
    created_at: string;
    /**
     * Last activity (ISO).
     */
    last_seen_at: string;
    /**
     * This request's session.
     */
    current: boolean;
  }[];
}
/**
 * Body of POST /officeapi/twofactorauthdisable.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TwoFactorDisableRequest".
 */
export interface TwoFactorDisableRequest {
  /**
   * The disable hash given when two-factor was enabled.
   */
  hash: string;
}
/**
 * Body of POST /officeapi/twofactorauthenable. A wrong SMS code answers error_code 2.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TwoFactorEnableRequest".
 */
export interface TwoFactorEnableRequest {
  /**
   * Current code of the authenticator app.
   */
  app_code: string;
  /**
   * The SMS code, when the account has a phone.
   */
  sms_code?: string;
}
/**
 * Two-factor is on.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TwoFactorEnableResponse".
 */
export interface TwoFactorEnableResponse {
  /**
   * Text to show.
   */
  message: string;
  /**
   * The disable hash: the only way to turn two-factor off; shown once, store it safely.
   */
  hash: string;
}
/**
 * POST /officeapi/gettwofactorqrcodeurl: a new secret to scan (pending until enabled).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TwoFactorQrResponse".
 */
export interface TwoFactorQrResponse {
  /**
   * QR code image as a data: URL (PNG).
   */
  qr_code_url: string;
  /**
   * The otpauth:// link inside the QR code.
   */
  qr_link: string;
  /**
   * The secret in base32 for manual entry.
   */
  code: string;
  /**
   * Enabling also needs an SMS code (POST /officeapi/sendSmsForTwoFactorActivation).
   */
  sms_required: boolean;
}
/**
 * POST /officeapi/getUserSecureQuestion.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "UserSecureQuestionResponse".
 */
export interface UserSecureQuestionResponse {
  /**
   * The question the player chose, or null.
   */
  secure_question: string | null;
}
/**
 * Body of POST /web-api/api/internal/v1/user/activate: confirm the e-mail address with the token from the activation message.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "ActivateRequest".
 */
export interface ActivateRequest {
  /**
   * JSON:API envelope.
   */
  data: {
    /**
     * The request.
     */
    attributes: {
      /**
       * Activation token.
       */
      token: string;
    };
  };
}
/**
 * An ALTCHA proof-of-work challenge (ADR 0210) for the altcha widget: find the counter whose derived key starts with keyPrefix. Its work doubles with each batch of challenges the same address asked for within a minute.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CaptchaAltchaChallengeResponse".
 */
export interface CaptchaAltchaChallengeResponse {
  /**
   * The challenge as altcha-lib v2 makes it and the widget reads it (its challenge option).
   */
  challenge: {
    /**
     * What the widget derives keys with; signed by the server, so none can be changed.
     */
    parameters: {
      /**
       * Key derivation algorithm (SHA-256).
       */
      algorithm: string;
      /**
       * Random nonce, hex.
       */
      nonce: string;
      /**
       * Random salt, hex.
       */
      salt: string;
      /**
       * Iterations of the algorithm per counter.
       */
      cost: number;
      /**
       * Length of the derived key in bytes.
       */
      keyLength: number;
      /**
       * Hex prefix the derived key of the hidden counter starts with.
       */
      keyPrefix: string;
      /**
       * Signature of the derived key, so the server checks a solution without deriving it again.
       */
      keySignature?: string;
      /**
       * Signed data: the challenge id and the site it was issued for.
       */
      data: {
        /**
         * Id of the challenge; one solution per challenge.
         */
        id: string;
        /**
         * The site the challenge was issued for.
         */
        brand: string;
      };
    };
    /**
     * HMAC of the parameters with the site's key.
     */
    signature: string;
  };
  /**
   * The largest counter the hidden key may sit at: the work asked of this address now (50,000, doubling under load, at most 3,200,000).
   */
  max_counter: number;
  /**
   * Seconds the challenge can be solved.
   */
  expires_in: number;
}
/**
 * Body of POST /web-api/captcha/altcha/verify: the altcha widget's payload for a solved challenge (ADR 0210).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CaptchaAltchaVerifyRequest".
 */
export interface CaptchaAltchaVerifyRequest {
  /**
   * Base64 of the JSON { challenge, solution } the widget produces once it has found the counter.
   */
  payload: string;
}
/**
 * A built-in slider puzzle (ADR 0160): move a piece along the track until it covers the gap drawn in the image. Where the gap is stays on the server.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CaptchaChallengeResponse".
 */
export interface CaptchaChallengeResponse {
  /**
   * Id of the challenge, sent back with the answer; one answer per challenge.
   */
  challenge_id: string;
  /**
   * Track width in CSS pixels.
   */
  track_width: number;
  /**
   * Piece width in CSS pixels; the piece moves from 0 to track_width - piece_width.
   */
  piece_width: number;
  /**
   * The track with its gap, a PNG data URL of track_width by 48 pixels.
   */
  image: string;
  /**
   * Seconds the challenge can be answered.
   */
  expires_in: number;
}
/**
 * Query of GET /__dev/captcha (test mode only): the answer of a puzzle, for browser tests.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DevCaptchaQuery".
 */
export interface DevCaptchaQuery {
  /**
   * Id of the challenge.
   */
  challenge_id: string;
}
/**
 * Answer of GET /__dev/captcha (test mode only).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DevCaptchaResponse".
 */
export interface DevCaptchaResponse {
  /**
   * Where the gap starts, in CSS pixels: the position that solves the puzzle.
   */
  gap_x: number;
}
/**
 * Body of POST /web-api/captcha/puzzle/verify: the answer to a built-in slider puzzle.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CaptchaVerifyRequest".
 */
export interface CaptchaVerifyRequest {
  /**
   * Id of the challenge answered.
   */
  challenge_id: string;
  /**
   * Final position of the piece in CSS pixels from the start of the track.
   */
  position: number;
  /**
   * How many moves brought the piece there; an untouched piece is refused.
   */
  moves: number;
}
/**
 * A passed built-in check (the slider puzzle or the ALTCHA proof of work): the token to send once in the x-captcha-token header of the protected call.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CaptchaVerifyResponse".
 */
export interface CaptchaVerifyResponse {
  /**
   * Signed, single-use captcha token bound to the site.
   */
  token: string;
  /**
   * Seconds the token stays valid.
   */
  expires_in: number;
}
/**
 * Body of POST /web-api/user/auth: sign in with a password. A wrong password and an unknown login get the same answer.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "LoginRequest".
 */
export interface LoginRequest {
  /**
   * E-mail, phone or account id.
   */
  login: string;
  /**
   * Password (8 to 128 characters, letters and digits).
   */
  password: string;
  /**
   * What login is; default: guessed (contains @: email; 6 to 10 digits: id; else phone).
   */
  login_type?: 'email' | 'phone' | 'id';
  /**
   * ISO 3166-1 alpha-2 country of the phone number.
   */
  country_code?: string;
}
/**
 * Signed in (session cookie set), or the second step is needed (POST /web-api/user/twoauth).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "LoginResponse".
 */
export interface LoginResponse {
  /**
   * Outcome.
   */
  status: 'authorised' | 'two_factor_required';
  /**
   * The signed-in account.
   */
  user?: {
    /**
     * Account id shown to the player.
     */
    id: string;
    /**
     * Name shown in the header.
     */
    displayName: string;
  };
  /**
   * With two_factor_required: pass it to /web-api/user/twoauth with the app code (valid 5 minutes, 5 tries).
   */
  two_factor_token?: string;
}
/**
 * A success answer with a text fit to show.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "MessageResponse".
 */
export interface MessageResponse {
  /**
   * What happened.
   */
  message: string;
}
/**
 * Query of the OAuth redirect back from the provider.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "OAuthCallbackQuery".
 */
export interface OAuthCallbackQuery {
  /**
   * Authorisation code.
   */
  code?: string;
  /**
   * Anti-forgery state.
   */
  state?: string;
  /**
   * Provider error.
   */
  error?: string;
}
/**
 * Query of GET /web-api/socauth/{provider}/start.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "OAuthStartQuery".
 */
export interface OAuthStartQuery {
  /**
   * Currency for a new account.
   */
  currency?: string;
  /**
   * Country for a new account.
   */
  country?: string;
  /**
   * The player confirms being at least registration.minAge years old. Required (true) where the sign-in may open an account (registration.variants.social on): refused with 422 without it. Carried in the OAuth state and recorded with the new account's registration event.
   */
  age_confirmed?: boolean;
}
/**
 * Query of GET /__dev/outbox (development and test only).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DevOutboxQuery".
 */
export interface DevOutboxQuery {
  /**
   * E.164 phone (+77011234567; the + may be omitted) or e-mail.
   */
  to: string;
}
/**
 * Messages sent to an address, newest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DevOutboxResponse".
 */
export interface DevOutboxResponse {
  /**
   * Messages.
   *
   * Items: A message.
   */
  messages: {
    /**
     * Id.
     */
    id: string;
    /**
     * Brand.
     */
    brand_id?: string;
    /**
     * Channel.
     */
    channel: 'sms' | 'email';
    /**
     * Recipient.
     */
    to: string;
    /**
     * E-mail subject.
     */
    subject?: string | null;
    /**
     * Body.
     */
    text: string;
    /**
     * Delivery outcome.
     */
    status: 'sent' | 'failed';
    /**
     * ISO time.
     */
    created_at: string;
  }[];
}
/**
 * Query of GET /web-api/api/internal/v1/user/passwordreset: is a reset token still valid?
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PasswordResetQuery".
 */
export interface PasswordResetQuery {
  /**
   * The token from the reset message.
   */
  token: string;
}
/**
 * Body of POST /web-api/api/internal/v1/user/passwordreset: either ask for a reset (login) or set the new password (token, password, password_confirmation).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PasswordResetRequest".
 */
export interface PasswordResetRequest {
  /**
   * JSON:API envelope.
   */
  data: {
    /**
     * The request.
     */
    attributes: {
      [k: string]: unknown;
    } & {
      /**
       * E-mail or phone of the account; the answer is the same whether it exists.
       */
      login?: string;
      /**
       * ISO 3166-1 alpha-2 country of the phone number.
       */
      country_code?: string;
      /**
       * The token from the reset message.
       */
      token?: string;
      /**
       * Password (8 to 128 characters, letters and digits).
       */
      password?: string;
      /**
       * Must equal password.
       */
      password_confirmation?: string;
    };
  };
}
/**
 * Body of POST /web-api/user/registration/confirm: the code from the registration e-mail, which opens the account and signs it in (ADR 0202).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "RegistrationConfirmRequest".
 */
export interface RegistrationConfirmRequest {
  /**
   * The e-mail address the registration was sent with.
   */
  email: string;
  /**
   * The 6-digit code from the e-mail.
   */
  code: string;
}
/**
 * 202 of a registration that carries an e-mail address, the same for a new and a taken address (ADR 0202): a message went to the address; a new one gets the code that finishes the registration (POST /web-api/user/registration/confirm), a taken one a warning.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "RegistrationPendingResponse".
 */
export interface RegistrationPendingResponse {
  /**
   * Always confirmation_sent: the site asks for the code from the e-mail.
   */
  status: 'confirmation_sent';
  /**
   * Text to show.
   */
  message: string;
  /**
   * Digits of the code.
   */
  code_length: number;
  /**
   * Seconds before the registration may be sent again for another code.
   */
  resend_after: number;
}
export interface RegistrationRequest1 {
  /**
   * fast: one click (currency, country); phone: phone + SMS code + password; full: e-mail, password, name and birth date; short: e-mail and password.
   */
  variant: 'fast' | 'phone' | 'full' | 'short';
  /**
   * Country of residence; must be one the brand serves. Default: the remembered or default country.
   */
  country?: string;
  /**
   * Account currency; one of global.currencies that is not hidden. Default: global.defaultCurrency.
   */
  currency?: string;
  /**
   * Phone number: national digits with country_code, else the full international number (spaces, dashes, brackets allowed).
   */
  phone?: string;
  /**
   * ISO 3166-1 alpha-2 country of the phone number.
   */
  country_code?: string;
  /**
   * The 6-digit code from the message.
   */
  confirm_code?: string;
  /**
   * E-mail address; activation link is sent to it.
   */
  email?: string;
  /**
   * Password: 8 to 128 characters that the zxcvbn-ts estimator scores 3 or more, against its dictionaries and the person's own words (util-validation README, "Password strength, not composition"); refused with the estimator's feedback otherwise.
   */
  password?: string;
  /**
   * Must equal password when given.
   */
  password_confirmation?: string;
  /**
   * First name: letters of any script with their combining marks, spaces, hyphens and apostrophes; no digits, control, bidirectional or zero-width characters (util-validation README, "Names of every script").
   */
  first_name?: string;
  /**
   * Last name, under the same rules as first_name.
   */
  last_name?: string;
  /**
   * Birth date yyyy-MM-dd; the player must be at least registration.minAge years old.
   */
  birth_date?: string;
  /**
   * The player confirms being at least registration.minAge years old. Required (true) unless a birth_date is sent; refused with 422 when neither is given. Recorded with its time in the registration's security event.
   */
  age_confirmed?: boolean;
  /**
   * Promo code (only when registration.promoCodeField is on).
   */
  promo_code?: string;
  /**
   * Referral code of the friend who invited the player.
   */
  ref_code?: string;
}
/**
 * A new account, signed in (session cookie set).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "RegistrationResponse".
 */
export interface RegistrationResponse {
  /**
   * The signed-in account.
   */
  user: {
    /**
     * Account id shown to the player.
     */
    id: string;
    /**
     * Name shown in the header.
     */
    displayName: string;
  };
  /**
   * Account id: with the password, a login for every variant.
   */
  account_id: string;
  /**
   * fast variant only: the generated password, shown once and never again.
   */
  password?: string;
  /**
   * What the site does next.
   */
  welcome: {
    /**
     * Show the welcome modal (registration.welcomeModal).
     */
    modal: boolean;
    /**
     * Page to open (registration.redirectAfter).
     */
    redirect: string;
  };
  /**
   * An activation link was sent to the e-mail address.
   */
  email_activation_required?: boolean;
}
/**
 * Body of POST /web-api/user/registration/send-code: the SMS code that proves the phone of a phone registration.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "RegistrationSendCodeRequest".
 */
export interface RegistrationSendCodeRequest {
  /**
   * Phone number: national digits with country_code, else the full international number (spaces, dashes, brackets allowed).
   */
  phone: string;
  /**
   * ISO 3166-1 alpha-2 country of the phone number.
   */
  country_code: string;
}
/**
 * A code was sent (or, where telling would reveal an account, the same answer is given without sending).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SendCodeResponse".
 */
export interface SendCodeResponse {
  /**
   * Text to show.
   */
  message: string;
  /**
   * Digits of the code.
   */
  code_length: number;
  /**
   * Seconds before another code may be requested.
   */
  resend_after: number;
}
/**
 * GET /web-api/user/session: who is signed in.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SessionResponse".
 */
export interface SessionResponse {
  /**
   * Role (spec section 6).
   */
  status: 'guest' | 'authorised';
  /**
   * The signed-in account.
   */
  user?: {
    /**
     * Account id shown to the player.
     */
    id: string;
    /**
     * Name shown in the header.
     */
    displayName: string;
  };
  /**
   * Two-factor is on.
   */
  two_factor_enabled?: boolean;
  /**
   * A confirmed phone is bound.
   */
  has_phone?: boolean;
  /**
   * A secure question is answered.
   */
  has_secure_question?: boolean;
}
/**
 * Body of POST /web-api/sms-auth/check-code: sign in with the SMS code.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SmsCheckCodeRequest".
 */
export interface SmsCheckCodeRequest {
  /**
   * Phone number: national digits with country_code, else the full international number (spaces, dashes, brackets allowed).
   */
  phone: string;
  /**
   * ISO 3166-1 alpha-2 country of the phone number.
   */
  country_code?: string;
  /**
   * The 6-digit code from the message.
   */
  code: string;
}
/**
 * Body of POST /web-api/sms-auth/send-code: a sign-in code by SMS. The answer is the same whether the number has an account.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SmsSendCodeRequest".
 */
export interface SmsSendCodeRequest {
  /**
   * Phone number: national digits with country_code, else the full international number (spaces, dashes, brackets allowed).
   */
  phone: string;
  /**
   * ISO 3166-1 alpha-2 country of the phone number.
   */
  country_code?: string;
}
/**
 * Body of POST /web-api/api/mobile/v1/token/refresh (JSON:API), with the current token as bearer.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "UserTokenRefreshRequest".
 */
export interface UserTokenRefreshRequest {
  /**
   * JSON:API resource.
   */
  data?: {
    /**
     * Resource type.
     */
    type: 'token';
    /**
     * Nothing is needed.
     */
    attributes?: {};
  };
}
/**
 * The service user token (spec section 7): read data.attributes.userToken and expireDate with the Date header.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "UserTokenResponse".
 */
export interface UserTokenResponse {
  /**
   * JSON:API resource.
   */
  data: {
    /**
     * Resource type.
     */
    type: 'token';
    /**
     * The session id.
     */
    id: string;
    /**
     * The token.
     */
    attributes: {
      /**
       * Bearer token for service calls.
       */
      userToken: string;
      /**
       * Expiry, epoch seconds.
       */
      expireDate: number;
    };
  };
}
/**
 * Body of POST /web-api/user/twoauth: the second login step.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TwoFactorLoginRequest".
 */
export interface TwoFactorLoginRequest {
  /**
   * From the first step.
   */
  two_factor_token: string;
  /**
   * Current code of the authenticator app.
   */
  code: string;
}
/**
 * Body of POST /backoffice/api/players/:id/adjustments: a manual credit or debit of the player's main account.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeAdjustmentRequest".
 */
export interface BackofficeAdjustmentRequest {
  /**
   * The account's currency (ISO code).
   */
  currency: string;
  /**
   * Minor units, signed: positive credits the player, negative debits them; never 0.
   */
  amount: number;
  /**
   * Why, in the operator's words (kept in the audit log and the ledger; not shown to the player).
   */
  reason: string;
  /**
   * The console's idempotency key: the same one again answers the first adjustment.
   */
  requestId: string;
}
/**
 * What a manual adjustment did: made it, or (above the brand's four-eyes amount) recorded it to wait for a second operator, who approves or rejects it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeAdjustmentResponse".
 */
export interface BackofficeAdjustmentResponse {
  /**
   * adjusted: the ledger transaction is made; awaiting-second-approval: recorded, no money moved until a second, different operator approves; rejected: the second operator refused it, no money moved.
   */
  outcome: 'adjusted' | 'awaiting-second-approval' | 'rejected';
  /**
   * The four-eyes request (outcome awaiting-second-approval or rejected, or adjusted after a second approval).
   */
  adjustmentId?: string;
  /**
   * The ledger transaction (outcome adjusted only).
   */
  transactionId?: string;
  playerId: string;
  currency: string;
  /**
   * Major units, signed (negative: a debit).
   */
  amount: number;
  /**
   * The main balance before, major units (outcome adjusted only).
   */
  balanceBefore?: number;
  /**
   * The main balance after, major units (outcome adjusted only).
   */
  balanceAfter?: number;
  reason: string;
  /**
   * True when the requestId was used before: this is the first adjustment, nothing new was written.
   */
  replayed: boolean;
  /**
   * When the adjustment was made, requested or rejected.
   */
  at: string;
}
/**
 * One audit entry: who, when, from where, what, why, before and after.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeAuditEntry".
 */
export interface BackofficeAuditEntry {
  /**
   * Sequence number.
   */
  id: string;
  /**
   * When.
   */
  at: string;
  /**
   * Who (null: an unknown e-mail's failed sign-in, or the CLI).
   */
  operatorId: string | null;
  /**
   * Their e-mail, or the e-mail typed at a failed sign-in.
   */
  operatorEmail: string | null;
  /**
   * What (operator.sign-in, player.view, player.lock, withdrawal.approve, ...).
   */
  action: string;
  /**
   * What it acted on (player, withdrawal, operator, document, ...).
   */
  targetType: string | null;
  /**
   * Its id.
   */
  targetId: string | null;
  /**
   * The brand concerned.
   */
  brandId: string | null;
  /**
   * Why, as the operator wrote it.
   */
  reason: string | null;
  /**
   * From which address.
   */
  ip: string | null;
  /**
   * From which browser.
   */
  userAgent: string | null;
  /**
   * The state before (a JSON object), null when none.
   */
  before: {
    [k: string]: unknown;
  } | null;
  /**
   * The state after (a JSON object), null when none.
   */
  after: {
    [k: string]: unknown;
  } | null;
  /**
   * SHA-256 over the entry and the previous entry's hash (the chain audit verify checks).
   */
  hash: string;
}
/**
 * Query of GET /backoffice/api/audit and audit.csv.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeAuditQuery".
 */
export interface BackofficeAuditQuery {
  /**
   * Text in the action, target, reason or before/after.
   */
  q?: string;
  /**
   * An operator's id or e-mail.
   */
  operator?: string;
  /**
   * From this time (inclusive).
   */
  from?: string;
  /**
   * Until this time (exclusive).
   */
  to?: string;
  /**
   * Page, from 1 (50 per page); default 1.
   */
  page?: number;
}
/**
 * GET /backoffice/api/audit: a page of matching entries, newest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeAuditResponse".
 */
export interface BackofficeAuditResponse {
  /**
   * Entries.
   */
  entries: BackofficeAuditEntry[];
  /**
   * This page.
   */
  page: number;
  /**
   * Entries per page.
   */
  pageSize: number;
  /**
   * Matching entries.
   */
  total: number;
}
/**
 * A bet as the risk desk sees it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeBet".
 */
export interface BackofficeBet {
  /**
   * Bet id.
   */
  id: string;
  /**
   * Brand.
   */
  brandId: string;
  /**
   * Account id.
   */
  playerId: string;
  /**
   * single, express, system, antiExpress or fullCover (a named full-cover bet: Trixie, Yankee, ...).
   */
  kind: 'single' | 'express' | 'system' | 'antiExpress' | 'fullCover';
  /**
   * The bet's status.
   */
  status: 'waiting' | 'accepted' | 'won' | 'lost' | 'returned' | 'half_won' | 'half_lost' | 'sold' | 'rejected';
  /**
   * Why a waiting bet is held.
   */
  holdReason: 'autoBet' | 'vipApproval' | 'liveDelay' | 'advance' | null;
  /**
   * Stake (major units).
   */
  stake: number;
  /**
   * Currency.
   */
  currency: string;
  /**
   * Coefficient.
   */
  odds: number;
  /**
   * What the bet returns if it wins (major units).
   */
  potentialWin: number;
  /**
   * What it paid (major units), once settled.
   */
  payout: number | null;
  /**
   * Placed at.
   */
  placedAt: string;
  /**
   * Settled at.
   */
  settledAt: string | null;
  /**
   * Selections, in order.
   */
  selections: BackofficeBetSelection[];
}
/**
 * One selection of a bet as the risk desk sees it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeBetSelection".
 */
export interface BackofficeBetSelection {
  /**
   * The feed's game id.
   */
  gameId: number;
  /**
   * Home side.
   */
  home: string;
  /**
   * Away side.
   */
  away: string;
  /**
   * The market's id.
   */
  marketId: string;
  /**
   * The market's type as the odds button named it (absent for bets placed before migration 0404).
   */
  market: string | null;
  /**
   * The outcome's id.
   */
  outcomeId: string;
  /**
   * The outcome's code as the odds button named it.
   */
  outcome: string | null;
  /**
   * The coefficient the selection stands at.
   */
  odds: number;
  /**
   * The feed's result once settled.
   */
  result: 'won' | 'lost' | 'returned' | 'half-won' | 'half-lost' | null;
}
/**
 * Body of POST /backoffice/api/bets/:id/correct: void a bet (its stake back) or resettle it as won, lost or returned.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeBetCorrectionRequest".
 */
export interface BackofficeBetCorrectionRequest {
  /**
   * void: the bet ends returned; resettle: the bet ends as `outcome`.
   */
  action: 'void' | 'resettle';
  /**
   * resettle: how the bet ends (every selection won, lost, or the stake returned).
   */
  outcome?: 'won' | 'lost' | 'returned';
  /**
   * Why, in the operator's words (kept in the audit log and the ledger's metadata).
   */
  reason: string;
  /**
   * The console's idempotency key: the same one again answers the first correction.
   */
  requestId: string;
}
/**
 * What a void or resettlement did.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeBetCorrectionResponse".
 */
export interface BackofficeBetCorrectionResponse {
  bet: BackofficeBet;
  /**
   * The requestId was used before: this is the first correction, nothing more was written.
   */
  replayed: boolean;
  /**
   * The ledger transaction that reversed the earlier settlement (none for an open bet).
   */
  reversalId: string | null;
  /**
   * The ledger transaction that closes the bet now.
   */
  transactionId: string;
}
/**
 * Query of GET /backoffice/api/bets: every filter given must hold; 50 bets, newest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeBetsQuery".
 */
export interface BackofficeBetsQuery {
  /**
   * A bet id or a player's account id.
   */
  q?: string;
  /**
   * Only bets with a selection on this game.
   */
  game?: number;
  /**
   * Only bets in this status.
   */
  status?: 'waiting' | 'accepted' | 'won' | 'lost' | 'returned' | 'half_won' | 'half_lost' | 'sold' | 'rejected';
}
/**
 * GET /backoffice/api/bets: newest first, in the operator's brands (up to 50).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeBetsResponse".
 */
export interface BackofficeBetsResponse {
  /**
   * Bets.
   */
  bets: BackofficeBet[];
}
/**
 * GET /backoffice/api/brands: every brand the operator may see, and every brand refused at start-up.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeBrandsResponse".
 */
export interface BackofficeBrandsResponse {
  /**
   * Brands, by id.
   *
   * Items: A brand.
   */
  brands: {
    /**
     * Brand id.
     */
    id: string;
    /**
     * Display name.
     */
    name: string;
    /**
     * served, or refused (invalid files: not served).
     */
    health: 'served' | 'refused';
    /**
     * Countries with a file (lower-case ISO).
     *
     * Items: A country.
     */
    countries: string[];
    /**
     * Languages.
     *
     * Items: A language.
     */
    languages: string[];
    /**
     * Jurisdictions its countries name.
     *
     * Items: A jurisdiction id.
     */
    jurisdictions: string[];
    /**
     * Why it was refused (empty when served).
     */
    errors: ConfigIssue[];
  }[];
}
/**
 * One problem found in a brand's files, written so a person can fix it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "ConfigIssue".
 */
export interface ConfigIssue {
  /**
   * The brand file, relative to the brands folder.
   */
  file: string;
  /**
   * JSON pointer to the value inside the file ('' for the whole file).
   */
  pointer: string;
  /**
   * What the schema expects there.
   */
  expected: string;
  /**
   * What the file holds.
   */
  found: string;
  /**
   * The whole issue in one sentence.
   */
  message: string;
  /**
   * 1-based line of a JSON syntax error.
   */
  line?: number;
  /**
   * 1-based column of a JSON syntax error.
   */
  column?: number;
}
/**
 * Which country and language to show the resolved configuration for (default: the brand's).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigBrandQuery".
 */
export interface BackofficeConfigBrandQuery {
  /**
   * Country (lower-case ISO 3166-1).
   */
  country?: string;
  /**
   * Language.
   */
  language?: string;
}
/**
 * GET /backoffice/api/config/brands/:brand: the brand's console layer, its configuration resolved for one country and language with the layer that set each value, and what the operator may edit.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigBrandResponse".
 */
export interface BackofficeConfigBrandResponse {
  /**
   * Brand id.
   */
  brand: string;
  /**
   * Display name.
   */
  name: string;
  /**
   * The brand's countries.
   *
   * Items: A country.
   */
  countries: string[];
  /**
   * The brand's languages.
   *
   * Items: A language.
   */
  languages: string[];
  /**
   * The country resolved for.
   */
  country: string;
  /**
   * The language resolved for.
   */
  language: string;
  /**
   * The published version served (0: the files alone).
   */
  version: number;
  /**
   * Who published the served version, when and why; null for the files alone.
   */
  change: BackofficeConfigChange | null;
  /**
   * The brand's console layer: per scope `<country|*>/<language|*>`, a partial site configuration over the brand's files.
   */
  layers: {
    /**
     * A partial site configuration (site-config.schema.json, every key optional).
     */
    [k: string]: {
      [k: string]: unknown;
    };
  };
  /**
   * The site configuration resolved for the country and language, as the site receives it.
   */
  resolved: {
    [k: string]: unknown;
  };
  /**
   * Per JSON pointer of a value: the layer that set it (defaults, jurisdiction:<id>, brand, country:<iso2>, language:<lng>, console:<scope>, platform).
   */
  sources: {
    /**
     * Layer name.
     */
    [k: string]: string;
  };
  /**
   * Sections whose changes need a second operator's approval (server.json backoffice.configFourEyesSections).
   *
   * Items: A section.
   */
  fourEyesSections: string[];
  /**
   * What the operator's role may change (the permission matrix's data).
   *
   * Items: One owned part.
   */
  ownership: {
    /**
     * JSON pointer of the owned part; * stands for any section ('/* /features'); '' for everything.
     */
    pointer: string;
    /**
     * any scope, or only scopes naming a country.
     */
    scope: 'any' | 'country';
  }[];
  /**
   * Changes not yet published, newest first.
   */
  drafts: BackofficeConfigDraftSummary[];
}
/**
 * A published version of the brand's console layer.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigChange".
 */
export interface BackofficeConfigChange {
  /**
   * Version number, 1, 2, ... per brand.
   */
  version: number;
  /**
   * E-mail of the operator who published it.
   */
  operator: string;
  /**
   * When it was published.
   */
  at: string;
  /**
   * Why, in the publisher's words.
   */
  reason: string;
}
/**
 * A change not yet published.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigDraftSummary".
 */
export interface BackofficeConfigDraftSummary {
  /**
   * Draft id.
   */
  id: string;
  /**
   * draft, or approved by a second operator.
   */
  state: 'draft' | 'approved';
  /**
   * Sections the change touches.
   *
   * Items: A section.
   */
  sections: string[];
  /**
   * Whether a second operator must approve it (the brand's four-eyes sections).
   */
  needsApproval: boolean;
  /**
   * E-mail of its author.
   */
  createdBy: string;
  /**
   * When it was made.
   */
  createdAt: string;
  /**
   * E-mail of the approver.
   */
  approvedBy: string | null;
  /**
   * The version a restore copies.
   */
  restoredFrom: number | null;
}
/**
 * A change of one scope of a brand's console layer: its new content replaces the scope's.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigDraftRequest".
 */
export interface BackofficeConfigDraftRequest {
  /**
   * Brand id.
   */
  brand: string;
  /**
   * The scope's country; absent for every country.
   */
  country?: string;
  /**
   * The scope's language; absent for every language.
   */
  language?: string;
  /**
   * The scope's whole new content: a partial site configuration (absent or empty: the scope says nothing).
   */
  data?: {
    [k: string]: unknown;
  };
}
/**
 * A change of a brand's console layer: its checks, its preview and where it stands.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigDraftResponse".
 */
export interface BackofficeConfigDraftResponse {
  /**
   * The change.
   */
  draft: {
    /**
     * Draft id.
     */
    id: string;
    /**
     * Brand id.
     */
    brand: string;
    /**
     * Where it stands.
     */
    state: 'draft' | 'approved' | 'published' | 'discarded';
    /**
     * The published version it was made on.
     */
    baseVersion: number;
    /**
     * Its version once published.
     */
    version: number | null;
    /**
     * The brand's console layer: per scope `<country|*>/<language|*>`, a partial site configuration over the brand's files.
     */
    layers: {
      /**
       * A partial site configuration (site-config.schema.json, every key optional).
       */
      [k: string]: {
        [k: string]: unknown;
      };
    };
    /**
     * The version a restore copies.
     */
    restoredFrom: number | null;
    /**
     * Sections it touches.
     *
     * Items: A section.
     */
    sections: string[];
    /**
     * Whether a second operator must approve it first.
     */
    needsApproval: boolean;
    /**
     * E-mail of its author.
     */
    createdBy: string;
    /**
     * When it was made.
     */
    createdAt: string;
    /**
     * E-mail of the approver.
     */
    approvedBy: string | null;
    /**
     * When approved.
     */
    approvedAt: string | null;
    /**
     * E-mail of the publisher.
     */
    publishedBy: string | null;
    /**
     * When published.
     */
    publishedAt: string | null;
    /**
     * Why (given at publishing).
     */
    reason: string | null;
    /**
     * A newer version was published since it was made: it cannot be published (make it again).
     */
    stale: boolean;
    /**
     * What the validators of `tessera config validate` find in the configuration it would give (none: it may be published).
     */
    issues: ConfigIssue[];
    /**
     * Per country and language of the brand whose resolved configuration it changes: each changed value, before and after.
     *
     * Items: One resolution.
     */
    preview: {
      /**
       * Country.
       */
      country: string;
      /**
       * Language.
       */
      language: string;
      /**
       * Changed values.
       *
       * Items: One changed value (before or after absent: no value).
       */
      changes: {
        /**
         * JSON pointer.
         */
        pointer: string;
        /**
         * The value now served.
         */
        before?: {
          [k: string]: unknown;
        };
        /**
         * The value once published.
         */
        after?: {
          [k: string]: unknown;
        };
      }[];
    }[];
  };
}
/**
 * GET /backoffice/api/config/brands/:brand/history: every published version, newest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigHistoryResponse".
 */
export interface BackofficeConfigHistoryResponse {
  /**
   * Versions.
   *
   * Items: One version.
   */
  versions: {
    /**
     * Version number.
     */
    version: number;
    /**
     * E-mail of the publisher.
     */
    operator: string;
    /**
     * When published.
     */
    at: string;
    /**
     * Why.
     */
    reason: string;
    /**
     * E-mail of the second operator, when four-eyes applied.
     */
    approvedBy: string | null;
    /**
     * The version it restored.
     */
    restoredFrom: number | null;
    /**
     * Sections it changed.
     *
     * Items: A section.
     */
    sections: string[];
    /**
     * The brand's console layer: per scope `<country|*>/<language|*>`, a partial site configuration over the brand's files.
     */
    layers: {
      /**
       * A partial site configuration (site-config.schema.json, every key optional).
       */
      [k: string]: {
        [k: string]: unknown;
      };
    };
  }[];
}
/**
 * Restore a published version: a draft holding its layers, published like any change.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigRestoreRequest".
 */
export interface BackofficeConfigRestoreRequest {
  /**
   * The version to restore (0: the files alone).
   */
  version: number;
}
/**
 * GET /backoffice/api/config/schema: the site configuration's JSON Schema (bundled, with $defs), from which the console builds its forms.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeConfigSchemaResponse".
 */
export interface BackofficeConfigSchemaResponse {
  /**
   * site-config.schema.json with its sections, as one document.
   */
  schema: {
    [k: string]: unknown;
  };
}
/**
 * Query of GET /backoffice/api/deposits: a merchant reference, a player's account id, or both.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeDepositsQuery".
 */
export interface BackofficeDepositsQuery {
  /**
   * The deposit's merchant reference.
   */
  reference?: string;
  /**
   * The player's account id.
   */
  player?: string;
}
/**
 * Deposits found by merchant reference or player, newest first (at most 50).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeDepositsResponse".
 */
export interface BackofficeDepositsResponse {
  deposits: BackofficeDeposit[];
}
export interface BackofficeDeposit {
  merchantReference: string;
  playerId: string | null;
  brandId: string | null;
  /**
   * The provider's state; unknown when the server has no provider or the provider has no such deposit.
   */
  state: 'requires_action' | 'processing' | 'succeeded' | 'declined' | 'expired' | 'unknown';
  /**
   * Major units.
   */
  amount: number;
  currency: string;
  /**
   * The provider's id of the deposit.
   */
  providerReference: string | null;
  cardLast4: string | null;
  declineReason: string | null;
  /**
   * Major units refunded to the card.
   */
  refundedAmount: number;
  createdAt: string;
  updatedAt: string | null;
  /**
   * When the ledger credited the player; null while not credited.
   */
  creditedAt: string | null;
  ledgerTransactionId: string | null;
}
/**
 * An identity document's metadata (the file: GET verification/:accountId/documents/:documentId).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeDocument".
 */
export interface BackofficeDocument {
  /**
   * Document id.
   */
  id: string;
  /**
   * passport, id_card, driving_licence, proof_of_address or selfie.
   */
  documentType: 'passport' | 'id_card' | 'driving_licence' | 'proof_of_address' | 'selfie';
  /**
   * The type its bytes proved.
   */
  contentType: string;
  /**
   * Size.
   */
  sizeBytes: number;
  /**
   * SHA-256 of the bytes.
   */
  sha256: string;
  /**
   * The submission it was sent with.
   */
  submissionId: string | null;
  /**
   * Uploaded at.
   */
  uploadedAt: string;
}
/**
 * GET /backoffice/api/liability: open bets' exposure per event and market in the operator's brands, the largest first (up to 100 markets).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeLiabilityResponse".
 */
export interface BackofficeLiabilityResponse {
  /**
   * Markets with open bets.
   *
   * Items: One market of one game in one currency.
   */
  markets: {
    /**
     * Game.
     */
    gameId: number;
    /**
     * Home side.
     */
    home: string;
    /**
     * Away side.
     */
    away: string;
    /**
     * Market id.
     */
    marketId: string;
    /**
     * Market type.
     */
    market: string | null;
    /**
     * Currency.
     */
    currency: string;
    /**
     * Open bets with a selection here.
     */
    bets: number;
    /**
     * Their stakes (major units).
     */
    stakes: number;
    /**
     * The worst outcome for the house: the largest payout of one outcome less the market's stakes (major units); an express counts its whole return on each of its selections.
     */
    liability: number;
    /**
     * Per outcome.
     *
     * Items: One outcome.
     */
    outcomes: {
      /**
       * Outcome id.
       */
      outcomeId: string;
      /**
       * Outcome code.
       */
      outcome: string | null;
      /**
       * Open bets on it.
       */
      bets: number;
      /**
       * Their stakes (major units).
       */
      stakes: number;
      /**
       * What they return if it wins (major units).
       */
      payout: number;
    }[];
  }[];
}
/**
 * GET /backoffice/api/me: the signed-in operator and what they may do.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeMeResponse".
 */
export interface BackofficeMeResponse {
  operator: BackofficeOperator;
  /**
   * Every permission the operator's role has, sorted.
   */
  permissions: BackofficePermission[];
  /**
   * The session ends after this long without a request.
   */
  idleTimeoutSeconds: number;
}
/**
 * An operator of the console (not a player).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeOperator".
 */
export interface BackofficeOperator {
  /**
   * Operator id.
   */
  id: string;
  /**
   * Sign-in e-mail.
   */
  email: string;
  role: BackofficeRole;
  /**
   * The brands the operator may see and act on; ["*"] for every brand.
   *
   * Items: A brand id, or * for every brand.
   */
  brands: string[];
  /**
   * Signed out and unable to sign in.
   */
  disabled: boolean;
  /**
   * Has finished setting up the authenticator app.
   */
  totpEnrolled: boolean;
  /**
   * Created at.
   */
  createdAt: string;
  /**
   * Last completed sign-in, null when never.
   */
  lastSignInAt: string | null;
}
/**
 * Body of POST /backoffice/api/players/:id/notes.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeNoteRequest".
 */
export interface BackofficeNoteRequest {
  /**
   * The note.
   */
  text: string;
}
/**
 * Body of POST /backoffice/api/operators (admin).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeOperatorCreateRequest".
 */
export interface BackofficeOperatorCreateRequest {
  /**
   * The new operator's e-mail.
   */
  email: string;
  role: BackofficeRole;
  /**
   * Brand ids, or ["*"] for every brand.
   *
   * @minItems 1
   * @maxItems 100
   *
   * Items: A brand id or *.
   */
  brands: string[];
}
/**
 * The created operator and their initial password, shown this once (they set up two-factor at the first sign-in).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeOperatorCreateResponse".
 */
export interface BackofficeOperatorCreateResponse {
  operator: BackofficeOperator;
  /**
   * The one-time initial password.
   */
  initialPassword: string;
}
/**
 * One operator.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeOperatorResponse".
 */
export interface BackofficeOperatorResponse {
  operator: BackofficeOperator;
}
/**
 * Body of PATCH /backoffice/api/operators/:id (admin): what changes. Disabling signs the operator out everywhere.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeOperatorUpdateRequest".
 */
export interface BackofficeOperatorUpdateRequest {
  role?: BackofficeRole;
  /**
   * Brand ids, or ["*"] for every brand.
   *
   * @minItems 1
   * @maxItems 100
   *
   * Items: A brand id or *.
   */
  brands?: string[];
  /**
   * Disable (true) or enable (false).
   */
  disabled?: boolean;
}
/**
 * GET /backoffice/api/operators: every operator, by e-mail.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeOperatorsResponse".
 */
export interface BackofficeOperatorsResponse {
  /**
   * Operators.
   */
  operators: BackofficeOperator[];
}
/**
 * Manual adjustments above their brand's four-eyes amount, waiting for a second operator (the operator's brands only), oldest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePendingAdjustmentsResponse".
 */
export interface BackofficePendingAdjustmentsResponse {
  adjustments: {
    id: string;
    playerId: string;
    brandId: string;
    currency: string;
    /**
     * Major units, signed (negative: a debit).
     */
    amount: number;
    /**
     * The first operator's reason.
     */
    reason: string;
    /**
     * The first operator's e-mail.
     */
    requestedBy: string;
    /**
     * True when the operator asking made the request (and so may not approve it).
     */
    requestedByMe: boolean;
    requestedAt: string;
  }[];
}
/**
 * A player as the desks list them.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePlayer".
 */
export interface BackofficePlayer {
  /**
   * Account id.
   */
  id: string;
  /**
   * Brand.
   */
  brandId: string;
  /**
   * E-mail.
   */
  email: string | null;
  /**
   * Phone (E.164).
   */
  phone: string | null;
  /**
   * First and last name.
   */
  name: string | null;
  /**
   * Lower-case ISO country.
   */
  country: string;
  /**
   * Active currency.
   */
  currency: string;
  /**
   * active, or blocked (locked by an operator).
   */
  status: 'active' | 'blocked';
  /**
   * Registered at.
   */
  createdAt: string;
}
/**
 * What a lock, unlock, sign-out or note did.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePlayerActionResponse".
 */
export interface BackofficePlayerActionResponse {
  player: BackofficePlayer;
  /**
   * Site sessions ended by this action.
   */
  sessionsClosed: number;
}
/**
 * Body of POST /backoffice/api/players/:id/limits: set, lower, raise or remove one of the player's limits on their behalf, by the same rules as the player's own change (a raise or a removal waits the brand's cooling-off).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePlayerLimitRequest".
 */
export interface BackofficePlayerLimitRequest {
  /**
   * Which limit.
   */
  kind: 'deposit' | 'loss' | 'wager' | 'session';
  /**
   * Calendar day, week or month for money; session for the session-time limit.
   */
  period: 'day' | 'week' | 'month' | 'session';
  /**
   * Money in major units of the player's currency, minutes for a session limit; absent removes the limit.
   */
  amount?: number;
  /**
   * Why, in the operator's words (the player's request, a support case; kept in the audit log).
   */
  reason: string;
}
/**
 * What a limit change on the player's behalf did.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePlayerLimitResponse".
 */
export interface BackofficePlayerLimitResponse {
  /**
   * now: in force; pending: a raise or removal waiting the cooling-off.
   */
  applied: 'now' | 'pending';
  /**
   * When it is (or will be) in force.
   */
  effectiveAt: string;
}
/**
 * GET /backoffice/api/players/:id: what the desks show of one player (a personal-data view, audited).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePlayerResponse".
 */
export interface BackofficePlayerResponse {
  player: BackofficePlayer;
  /**
   * YYYY-MM-DD.
   */
  birthDate: string | null;
  /**
   * Two-factor sign-in on.
   */
  twoFactor: boolean;
  /**
   * One per currency account.
   *
   * Items: Balances of one currency.
   */
  balances: {
    /**
     * Currency.
     */
    currency: string;
    /**
     * Main account (major units).
     */
    main: number;
    /**
     * Bonus account (major units).
     */
    bonus: number;
    /**
     * Reserved by withdrawals not yet paid (major units).
     */
    withdrawalHold: number;
  }[];
  /**
   * Recent ledger entries of the player's accounts, newest first (up to 50).
   *
   * Items: A ledger entry.
   */
  ledger: {
    /**
     * Ledger transaction.
     */
    transactionId: string;
    /**
     * Transaction kind (deposit, bet.stake, withdrawal.reserve, ...).
     */
    kind: string;
    /**
     * The player's account it moved (main, bonus, withdrawal_hold).
     */
    account: string;
    /**
     * Currency.
     */
    currency: string;
    /**
     * Signed: positive into the account (major units).
     */
    amount: number;
    /**
     * Posted at.
     */
    at: string;
  }[];
  /**
   * Recent bets, newest first (up to 50).
   *
   * Items: A bet.
   */
  bets: {
    /**
     * Bet id.
     */
    id: string;
    /**
     * single, express, system, ...
     */
    kind: string;
    /**
     * Its status.
     */
    status: string;
    /**
     * Stake (major units).
     */
    stake: number;
    /**
     * Currency.
     */
    currency: string;
    /**
     * Total odds.
     */
    odds: number | null;
    /**
     * Paid out (major units), null while open.
     */
    payout: number | null;
    /**
     * Placed at.
     */
    placedAt: string;
  }[];
  /**
   * Recent payments on the main accounts, newest first (up to 50; the wallet's payments history).
   *
   * Items: A payment.
   */
  payments: {
    /**
     * Ledger transaction id.
     */
    id: string;
    /**
     * deposit, withdrawal, refund, transfer or adjustment.
     */
    type: 'deposit' | 'withdrawal' | 'refund' | 'transfer' | 'adjustment';
    /**
     * completed, pending or cancelled.
     */
    status: 'completed' | 'pending' | 'cancelled';
    /**
     * A withdrawal's state; null for other kinds.
     */
    state: string | null;
    /**
     * Amount (major units).
     */
    amount: number;
    /**
     * Currency.
     */
    currency: string;
    /**
     * When.
     */
    createdAt: string;
  }[];
  /**
   * Live sessions on the site.
   *
   * Items: A player session.
   */
  sessions: {
    /**
     * Session id.
     */
    id: string;
    /**
     * Address at sign-in.
     */
    ip: string | null;
    /**
     * Browser.
     */
    userAgent: string | null;
    /**
     * Signed in at.
     */
    createdAt: string;
    /**
     * Last activity.
     */
    lastSeenAt: string;
  }[];
  /**
   * Responsible-gambling limits the player set.
   *
   * Items: A limit.
   */
  limits: {
    /**
     * deposit, loss, wager or session.
     */
    kind: 'deposit' | 'loss' | 'wager' | 'session';
    /**
     * day, week, month or session.
     */
    period: 'day' | 'week' | 'month' | 'session';
    /**
     * In force: major units, or minutes for a session limit; null none.
     */
    amount: number | null;
    /**
     * A raise or removal waiting for its cooling-off.
     */
    pendingAmount: number | null;
    /**
     * When the pending change applies.
     */
    pendingAt: string | null;
    /**
     * Currency of money limits.
     */
    currency: string;
  }[];
  /**
   * Time-outs, self-exclusions and panic locks, newest first.
   *
   * Items: A lock the player set.
   */
  exclusions: {
    /**
     * timeout, self_exclusion or panic.
     */
    kind: 'timeout' | 'self_exclusion' | 'panic';
    /**
     * From.
     */
    startsAt: string;
    /**
     * Until; null permanent.
     */
    endsAt: string | null;
    /**
     * In force now.
     */
    active: boolean;
  }[];
  /**
   * Identity verification.
   */
  verification: {
    /**
     * not_started, submitted, verified, rejected or resubmitted.
     */
    status: 'not_started' | 'submitted' | 'verified' | 'rejected' | 'resubmitted';
    /**
     * Documents, newest first.
     */
    documents: BackofficeDocument[];
    /**
     * Decisions, newest first.
     *
     * Items: A decision.
     */
    decisions: {
      /**
       * verified or rejected.
       */
      decision: 'verified' | 'rejected';
      /**
       * Why.
       */
      reason: string;
      /**
       * Who decided.
       */
      operator: string;
      /**
       * When.
       */
      decidedAt: string;
    }[];
  };
  /**
   * Operators' notes, newest first.
   *
   * Items: A note.
   */
  notes: {
    /**
     * Note id.
     */
    id: string;
    /**
     * The note.
     */
    text: string;
    /**
     * Who wrote it.
     */
    operatorEmail: string;
    /**
     * When.
     */
    createdAt: string;
  }[];
}
/**
 * Query of GET /backoffice/api/players.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePlayersQuery".
 */
export interface BackofficePlayersQuery {
  /**
   * Account id, e-mail, phone (digits, with or without +) or a part of the name.
   */
  q: string;
}
/**
 * GET /backoffice/api/players: up to 50 matches in the operator's brands.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficePlayersResponse".
 */
export interface BackofficePlayersResponse {
  /**
   * Matches, newest first.
   */
  players: BackofficePlayer[];
}
/**
 * Body of an action that needs a reason (lock, unlock, sign-out, approve, reject).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeReasonRequest".
 */
export interface BackofficeReasonRequest {
  /**
   * Why, in the operator's words (kept in the audit log).
   */
  reason: string;
}
/**
 * Body of POST /backoffice/api/session: the first factor.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeSessionRequest".
 */
export interface BackofficeSessionRequest {
  /**
   * The operator's e-mail.
   */
  email: string;
  /**
   * The password.
   */
  password: string;
}
/**
 * A half-session after the password: what the second step is. totp-enrol on the first sign-in (set up the app), totp after.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeSessionResponse".
 */
export interface BackofficeSessionResponse {
  /**
   * totp-enrol: call POST session/totp/enrol and then POST session/totp with a code; totp: POST session/totp.
   */
  stage: 'totp-enrol' | 'totp';
}
/**
 * GET /backoffice/api/sessions: live sessions, newest first (one's own; an admin sees everyone's).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeSessionsResponse".
 */
export interface BackofficeSessionsResponse {
  /**
   * Live sessions.
   *
   * Items: An operator session.
   */
  sessions: {
    /**
     * Session id.
     */
    id: string;
    /**
     * Whose session.
     */
    operatorId: string;
    /**
     * Their e-mail.
     */
    operatorEmail: string;
    /**
     * Address at sign-in.
     */
    ip: string | null;
    /**
     * Browser at sign-in.
     */
    userAgent: string | null;
    /**
     * Signed in at.
     */
    createdAt: string;
    /**
     * Last request.
     */
    lastSeenAt: string;
    /**
     * The session of this request.
     */
    current: boolean;
  }[];
}
/**
 * POST /backoffice/api/session/totp/enrol: the new authenticator secret (half-session of a first sign-in only).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeTotpEnrolResponse".
 */
export interface BackofficeTotpEnrolResponse {
  /**
   * otpauth://totp/... link for a QR code.
   */
  otpauthUrl: string;
  /**
   * The same secret in base32, to type by hand.
   */
  secret: string;
}
/**
 * Body of POST /backoffice/api/session/totp: the authenticator's current code.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeTotpRequest".
 */
export interface BackofficeTotpRequest {
  /**
   * Six digits.
   */
  code: string;
}
/**
 * Body of POST /backoffice/api/verification/:accountId/decide: the decision on the waiting submission.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeVerificationDecideRequest".
 */
export interface BackofficeVerificationDecideRequest {
  /**
   * verified or rejected.
   */
  decision: 'verified' | 'rejected';
  /**
   * Why, in the operator's words (kept in the audit log).
   */
  reason: string;
}
/**
 * The decision recorded.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeVerificationDecideResponse".
 */
export interface BackofficeVerificationDecideResponse {
  /**
   * Account id.
   */
  accountId: string;
  /**
   * The submission decided.
   */
  submissionId: string;
  /**
   * Decision id.
   */
  decisionId: string;
  /**
   * verified or rejected.
   */
  decision: 'verified' | 'rejected';
}
/**
 * Query of GET /backoffice/api/verification.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeVerificationQuery".
 */
export interface BackofficeVerificationQuery {
  /**
   * Submissions in this state; default submitted (waiting).
   */
  state?: 'submitted' | 'verified' | 'rejected';
}
/**
 * GET /backoffice/api/verification: submissions in the operator's brands, oldest first (up to 200).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeVerificationQueueResponse".
 */
export interface BackofficeVerificationQueueResponse {
  /**
   * Submissions.
   *
   * Items: A submission for review.
   */
  submissions: {
    /**
     * Submission id.
     */
    submissionId: string;
    /**
     * Account id.
     */
    accountId: string;
    /**
     * Brand.
     */
    brandId: string;
    /**
     * First and last name as registered.
     */
    playerName: string | null;
    /**
     * E-mail.
     */
    playerEmail: string | null;
    /**
     * submitted, verified or rejected.
     */
    status: 'submitted' | 'verified' | 'rejected';
    /**
     * Sent again after a rejection.
     */
    resubmission: boolean;
    /**
     * The country the player states (lower-case ISO).
     */
    country: string;
    /**
     * The date of birth the player states (YYYY-MM-DD).
     */
    birthDate: string;
    /**
     * Sent at.
     */
    submittedAt: string;
    /**
     * Its documents.
     */
    documents: BackofficeDocument[];
  }[];
}
/**
 * A VIP bet held for a trader: the bid, its deadline, and what the player can cover (no personal data: the player's page, audited, has it).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeVipBet".
 */
export interface BackofficeVipBet {
  bet: BackofficeBet;
  /**
   * Past this the bid lapses (rejected, nothing charged).
   */
  decideBy: string;
  /**
   * The brand's largest ordinary stake in this currency when the bid was made (major units).
   */
  maxBet: number | null;
  /**
   * The player's main balance in the bet's currency now (major units): an approval above it is refused.
   */
  balance: number;
}
/**
 * GET /backoffice/api/vip-bets: held VIP bets in the operator's brands, the nearest deadline first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeVipBetsResponse".
 */
export interface BackofficeVipBetsResponse {
  /**
   * Held bids.
   */
  bets: BackofficeVipBet[];
}
/**
 * Body of POST /backoffice/api/vip-bets/:id/decide: accept, counter-offer a lower stake or lower odds, or reject.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeVipDecisionRequest".
 */
export interface BackofficeVipDecisionRequest {
  /**
   * accept (as asked), counter (a lower stake, lower odds or both) or reject.
   */
  decision: 'accept' | 'counter' | 'reject';
  /**
   * counter: the stake offered (major units), less than or equal to the asked one.
   */
  stake?: number;
  /**
   * counter: the coefficient offered, at most the asked one (a bet of one selection only).
   */
  odds?: number;
  /**
   * Why, in the operator's words (kept in the audit log).
   */
  reason: string;
}
/**
 * What a VIP decision did.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeVipDecisionResponse".
 */
export interface BackofficeVipDecisionResponse {
  /**
   * accepted: placed and charged; rejected: not placed, nothing charged (declined, or an approval the balance or the line no longer allowed).
   */
  outcome: 'accepted' | 'rejected';
  bet: BackofficeBet;
}
/**
 * A withdrawal as the payments desk sees it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeWithdrawal".
 */
export interface BackofficeWithdrawal {
  /**
   * Withdrawal id.
   */
  id: string;
  /**
   * Brand.
   */
  brandId: string;
  /**
   * Account id.
   */
  playerId: string;
  /**
   * The player's e-mail.
   */
  playerEmail: string | null;
  /**
   * Amount (major units).
   */
  amount: number;
  /**
   * Currency.
   */
  currency: string;
  /**
   * requested, approved, sent, paid, rejected, cancelled or failed.
   */
  state: 'requested' | 'approved' | 'sent' | 'paid' | 'rejected' | 'cancelled' | 'failed';
  /**
   * Requested at.
   */
  createdAt: string;
  /**
   * Above this amount a second, different operator must approve (major units).
   */
  fourEyesAbove: number;
  /**
   * The amount is above fourEyesAbove.
   */
  needsSecondApproval: boolean;
  /**
   * First approvals so far (four-eyes).
   *
   * Items: A first approval recorded under four-eyes.
   */
  approvals: {
    /**
     * Who approved.
     */
    operatorId: string;
    /**
     * Their e-mail.
     */
    operatorEmail: string;
    /**
     * Why.
     */
    reason: string;
    /**
     * When.
     */
    at: string;
  }[];
}
/**
 * What an approval or rejection did.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeWithdrawalDecisionResponse".
 */
export interface BackofficeWithdrawalDecisionResponse {
  /**
   * approved (handed to the payment provider), rejected (reserve returned) or awaiting-second-approval (four-eyes: another operator must approve).
   */
  outcome: 'approved' | 'rejected' | 'awaiting-second-approval';
  withdrawal: BackofficeWithdrawal;
}
/**
 * Query of GET /backoffice/api/withdrawals.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeWithdrawalsQuery".
 */
export interface BackofficeWithdrawalsQuery {
  /**
   * Only this state; default requested (waiting for a person).
   */
  state?: 'requested' | 'approved' | 'sent' | 'paid' | 'rejected' | 'cancelled' | 'failed';
}
/**
 * GET /backoffice/api/withdrawals: oldest first, in the operator's brands (up to 200).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BackofficeWithdrawalsResponse".
 */
export interface BackofficeWithdrawalsResponse {
  /**
   * Withdrawals.
   */
  withdrawals: BackofficeWithdrawal[];
}
/**
 * A bet of the history.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BetHistoryItem".
 */
export interface BetHistoryItem {
  /**
   * Bet id.
   */
  betId: string;
  /**
   * Placement guid.
   */
  betGuid: string;
  /**
   * Bet kind number.
   */
  vid: number;
  /**
   * Bet kind.
   */
  betType: 'single' | 'express' | 'system' | 'antiExpress' | 'fullCover';
  /**
   * fullCover bets: the named full-cover bet (Trixie, Yankee, ...), whose summ is its lines × the stake per line.
   */
  fullCover?:
    | 'trixie'
    | 'patent'
    | 'yankee'
    | 'lucky15'
    | 'superYankee'
    | 'lucky31'
    | 'heinz'
    | 'lucky63'
    | 'superHeinz'
    | 'goliath';
  /**
   * Status.
   */
  status: 'waiting' | 'accepted' | 'won' | 'lost' | 'returned' | 'half_won' | 'half_lost' | 'sold' | 'rejected';
  /**
   * Stake charged at placement.
   */
  summ: number;
  /**
   * Stake tax.
   */
  stakeTax: number;
  /**
   * Coefficient.
   */
  coef: number;
  /**
   * Potential win of what is still open.
   */
  potentialWin: number;
  /**
   * Paid at settlement or sale, after payout tax.
   */
  payout: number | null;
  /**
   * Paid by sales so far.
   */
  saleSumm: number | null;
  /**
   * An insured bet's insurance (libs/server/bets README, "Bet insurance"), else null.
   */
  insurance?: {
    /**
     * Paid for the insurance.
     */
    premium: number;
    /**
     * Paid back if the bet loses: its stake after tax.
     */
    amount: number;
  } | null;
  /**
   * Currency.
   */
  currency: string;
  /**
   * Placed at.
   */
  createdAt: string;
  /**
   * Settled or sold at.
   */
  settledAt: string | null;
  /**
   * System size.
   */
  expressNum: number | null;
  /**
   * The sale button shows.
   */
  canSale: boolean;
  /**
   * Why it is or was held (autoBet, vipApproval, liveDelay, advance).
   */
  holdReason?: string | null;
  /**
   * A held bet that was refused: the refusal code word, as GetBetStatus gives it (game_closed, live_odds_changed, live_score_changed, advance_not_covered, game_started, vip_declined, ...); null otherwise.
   */
  refusal?: string | null;
  /**
   * A VIP bet: the trading desk's word once given (approved and placed, declined, not decided in time, approved but not placeable).
   */
  vipDecision?: 'approved' | 'declined' | 'lapsed' | 'unplaceable' | null;
  /**
   * Selections.
   *
   * Items: A selection.
   */
  events: {
    /**
     * Game id.
     */
    gameId: number;
    /**
     * Outcome id.
     */
    outcomeId: string;
    /**
     * Market id.
     */
    marketId: string;
    /**
     * Coefficient.
     */
    coef: number;
    /**
     * Home team.
     */
    home: string;
    /**
     * Away team.
     */
    away: string;
    /**
     * The feed's result, null while open.
     */
    result: 'won' | 'lost' | 'returned' | 'half-won' | 'half-lost' | null;
    /**
     * The market's type (1x2, total, handicap, ...) as the line named it at placement; absent for older bets.
     */
    marketType?: string;
    /**
     * The market's line (2.5 for a total), or null; absent for older bets.
     */
    marketLine?: number | null;
    /**
     * The outcome's code (home, draw, over, ...); absent for older bets.
     */
    outcomeCode?: string;
    /**
     * The outcome's dictionary key (feed:outcome.home); absent for older bets.
     */
    outcomeNameKey?: string;
  }[];
}
/**
 * Body of POST /service-api/LiveBet/Secure/GetBetStatus.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BetStatusRequest".
 */
export interface BetStatusRequest {
  /**
   * One per placement, reused by every retry (ADR 0047): the same guid gives one bet and one debit.
   */
  betGUID: string;
}
/**
 * Where a placement stands.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BetStatusResponse".
 */
export interface BetStatusResponse {
  /**
   * accepted (placed), waiting (held), rejected.
   */
  status: 'accepted' | 'waiting' | 'rejected';
  /**
   * The (first) bet.
   */
  betId?: string;
  /**
   * rejected: why.
   */
  reason?: string;
  /**
   * rejected: text.
   */
  message?: string;
}
/**
 * Body of POST /officeapi/getbetshistory.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BetsHistoryRequest".
 */
export interface BetsHistoryRequest {
  /**
   * Only bets in these statuses; default all.
   *
   * @maxItems 9
   *
   * Items: A bet status.
   */
  statuses?: ('waiting' | 'accepted' | 'won' | 'lost' | 'returned' | 'half_won' | 'half_lost' | 'sold' | 'rejected')[];
  /**
   * From (default: coupon.historyDays ago).
   */
  dateFrom?: string;
  /**
   * To (default now).
   */
  dateTo?: string;
  /**
   * Page, 50 bets each; default 1.
   */
  page_number?: number;
}
/**
 * A page of the bets history, newest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BetsHistoryResponse".
 */
export interface BetsHistoryResponse {
  /**
   * Bets.
   */
  items: BetHistoryItem[];
  /**
   * Page.
   */
  pageNumber: number;
  /**
   * Bets per page.
   */
  pageSize: number;
  /**
   * Bets matching.
   */
  total: number;
}
/**
 * One selection: the feed's game and outcome ids and the coefficient the bettor saw.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CouponEvent".
 */
export interface CouponEvent {
  /**
   * Game (match) id of the feed (a positive safe integer).
   */
  gameId: number;
  /**
   * Stable outcome id of the feed (feed-market schema).
   */
  outcomeId: string;
  /**
   * Decimal coefficient the bettor saw.
   */
  coef: number;
}
/**
 * Body of POST /service-api/LiveBet/Open/UpdateCoupon and GetCoupon without a code.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CouponEventsRequest".
 */
export interface CouponEventsRequest {
  /**
   * The coupon's selections.
   *
   * @maxItems 50
   */
  Events?: CouponEvent[];
  /**
   * GetCoupon: a saved coupon's code.
   */
  CouponCode?: string;
}
/**
 * Answer of UpdateCoupon and GetCoupon.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CouponResponse".
 */
export interface CouponResponse {
  /**
   * The selections now.
   *
   * Items: One selection as the line stands now.
   */
  events: {
    /**
     * Index in Events.
     */
    index: number;
    /**
     * Game id.
     */
    gameId: number;
    /**
     * Outcome id.
     */
    outcomeId: string;
    /**
     * Market id ('' when unknown).
     */
    marketId: string;
    /**
     * Coefficient now.
     */
    coef: number;
    /**
     * Coefficient sent.
     */
    previousCoef: number;
    /**
     * coef differs from previousCoef.
     */
    changed: boolean;
    /**
     * Market suspended or outcome gone.
     */
    blocked: boolean;
    /**
     * Game finished, cancelled or removed.
     */
    finished: boolean;
    /**
     * Game in play.
     */
    live: boolean;
    /**
     * Home team or player, when the line still has the game.
     */
    home?: string;
    /**
     * Away team or player, when the line still has the game.
     */
    away?: string;
    /**
     * The market's type (1x2, total, handicap, ...), for its name on the coupon.
     */
    marketType?: string;
    /**
     * The market's line (2.5 for a total), or null.
     */
    marketLine?: number | null;
    /**
     * The outcome's code (home, draw, over, ...).
     */
    outcomeCode?: string;
    /**
     * The outcome's dictionary key (feed:outcome.home).
     */
    outcomeNameKey?: string;
  }[];
  /**
   * GetCoupon: the code.
   */
  CouponCode?: string;
  /**
   * GetCoupon: bet kind saved.
   */
  vid?: number;
  /**
   * GetCoupon: stake saved.
   */
  Summ?: number;
  /**
   * GetCoupon: system size saved.
   */
  expressNum?: number;
}
/**
 * Body of POST /__dev/feed/finish (development and test only).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DevFeedFinishRequest".
 */
export interface DevFeedFinishRequest {
  /**
   * Games to finish now.
   *
   * @minItems 1
   * @maxItems 100
   *
   * Items: Game id.
   */
  gameIds: number[];
  /**
   * Final score; default the live score, else 1:0.
   */
  score?: {
    /**
     * Home score.
     */
    home: number;
    /**
     * Away score.
     */
    away: number;
  };
  /**
   * Outcome results overriding the score's.
   */
  results?: {
    /**
     * Result.
     */
    [k: string]: 'won' | 'lost' | 'returned' | 'half-won' | 'half-lost';
  };
}
/**
 * Games finished and bets settled.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DevFeedFinishResponse".
 */
export interface DevFeedFinishResponse {
  /**
   * Games finished now.
   *
   * Items: Game id.
   */
  finished: number[];
  /**
   * Bets settled.
   */
  settledBets: number;
}
/**
 * Body of POST /service-api/LiveBet/Open/GetAvance (may be empty): the advance is in the signed-in bettor's currency.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "GetAdvanceRequest".
 */
export interface GetAdvanceRequest {}
/**
 * How much the bettor may bet on advance now (libs/server/bets README, "Advance bets held until covered"), in major units of their currency.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "GetAdvanceResponse".
 */
export interface GetAdvanceResponse {
  /**
   * What an advance bet may stake now: min(secured, maxAmount) less held.
   */
  advance: number;
  /**
   * The bettor's currency.
   */
  currency: string;
  /**
   * sharePercent of what the open bets would pay if they won.
   */
  secured: number;
  /**
   * Stakes of advance bets still waiting for their cover.
   */
  held: number;
  /**
   * Open bets securing the advance.
   */
  openBets: number;
  /**
   * The brand's share of the open bets' potential wins.
   */
  sharePercent: number;
  /**
   * The brand's largest advance in this currency, null when none.
   */
  maxAmount: number | null;
}
/**
 * Body of POST /service-api/LiveBet/Secure/MakeBetBidWeb: a VIP bet sent for approval.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "MakeBetBidRequest".
 */
export interface MakeBetBidRequest {
  /**
   * One per placement, reused by every retry (ADR 0047): the same guid gives one bet and one debit.
   */
  betGUID: string;
  /**
   * Odds-change policy: 0 report any change, 1 accept increases, 2 accept any change. Default: the site's betting.checkCf.
   */
  CheckCf?: 0 | 1 | 2;
  /**
   * The bettor approved the coefficients now in Events after an oddsChanged answer.
   */
  ApprovedBet?: boolean;
  /**
   * One-click bet (feature coupon.features.oneClick).
   */
  OneClickBet?: boolean;
  /**
   * Accepted for compatibility; the server decides at once.
   */
  notWait?: boolean;
  /**
   * Bet on advance (libs/server/bets README, "Advance bets held until covered"): when the balance does not cover the stake, hold the bet within the advance the open bets secure until the balance covers it (coupon.features.advanceBet; MakeBetWeb only, pre-match, not with an auto-bet or insurance).
   */
  avanceBet?: boolean;
  /**
   * Ignored: the server knows which games are live.
   */
  live?: boolean;
  /**
   * The selections: at most the brand's coupon.maxEvents (default 50), coupon.maxSystemEvents (default 20) for a system; a coupon above its limit is refused with error_code 1003. 100, the largest limit a brand may set, is the transport cap.
   *
   * @minItems 1
   * @maxItems 100
   */
  Events: CouponEvent[];
  /**
   * Bet kind: 0 single (Summ per event), 1 express, 2 system (expressNum of n), 3 anti-express.
   */
  vid: 0 | 1 | 2 | 3;
  /**
   * Ignored: VIPBetSumm is the stake.
   */
  Summ?: number;
  /**
   * k of a k-of-n system bet.
   */
  expressNum?: number;
  /**
   * Auto-bet: held until the feed's coefficient reaches autoBetCf (feature coupon.features.autoBet).
   */
  isAutoBet?: boolean;
  /**
   * The coefficient an auto-bet waits for.
   */
  autoBetCf?: number;
  /**
   * Coefficient format autoBetCf was typed in (stored).
   */
  autoBetCfView?: number;
  /**
   * Ask for the express boost (feature coupon.features.expressBoost).
   */
  IsExpressBoost?: boolean;
  /**
   * Power bet (feature coupon.features.powerBet).
   */
  IsPowerBet?: boolean;
  /**
   * The anti-express coefficient the bettor saw.
   */
  AntiExpressCoef?: number;
  /**
   * Promo code (feature coupon.features.promoCode).
   */
  promo?: string;
  /**
   * Saved coupon code the bet came from.
   */
  CouponCode?: string;
  /**
   * Stored flag.
   */
  DropOnScoreChange?: boolean;
  /**
   * Stored flag.
   */
  TransformEventKind?: number;
  /**
   * Bet lobby (feature coupon.features.lobby).
   */
  withLobby?: boolean;
  /**
   * The VIP stake asked for, major units.
   */
  VIPBetSumm: number;
  /**
   * Bet insurance (feature coupon.features.insurance): stored with the bet; it does not change settlement yet.
   */
  IsInsurance?: boolean;
}
/**
 * Body of POST /service-api/LiveBet/Secure/MakeBetWebMulti (feature coupon.features.multiBet).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "MakeBetMultiRequest".
 */
export interface MakeBetMultiRequest {
  /**
   * One per placement, reused by every retry (ADR 0047): the same guid gives one bet and one debit.
   */
  betGUID: string;
  /**
   * Odds-change policy: 0 report any change, 1 accept increases, 2 accept any change. Default: the site's betting.checkCf.
   */
  CheckCf?: 0 | 1 | 2;
  /**
   * The bettor approved the coefficients now in Events after an oddsChanged answer.
   */
  ApprovedBet?: boolean;
  /**
   * One-click bet (feature coupon.features.oneClick).
   */
  OneClickBet?: boolean;
  /**
   * Accepted for compatibility; the server decides at once.
   */
  notWait?: boolean;
  /**
   * Bet on advance (libs/server/bets README, "Advance bets held until covered"): when the balance does not cover the stake, hold the bet within the advance the open bets secure until the balance covers it (coupon.features.advanceBet; MakeBetWeb only, pre-match, not with an auto-bet or insurance).
   */
  avanceBet?: boolean;
  /**
   * Ignored: the server knows which games are live.
   */
  live?: boolean;
  /**
   * The coupons: each a single (vid 0, one event) or an express (vid 1, two events or more); at most the brand's coupon.maxSystemEvents events in all (default 20), refused above it with error_code 1003. 50, the largest limit a brand may set, is the transport cap.
   *
   * @minItems 1
   * @maxItems 50
   */
  coupons: {
    /**
     * The coupon's selections.
     *
     * @minItems 1
     * @maxItems 50
     */
    Events: CouponEvent[];
    /**
     * 0 single (one event), 1 express (two events or more); a coupon whose events disagree with its vid is refused (1003, 1004).
     */
    vid: 0 | 1;
    /**
     * The coupon's stake.
     */
    Summ: number;
  }[];
}
/**
 * Body of POST /service-api/LiveBet/Secure/MakeBetWeb (docs/contracts/bets-api.md).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "MakeBetRequest".
 */
export interface MakeBetRequest {
  /**
   * One per placement, reused by every retry (ADR 0047): the same guid gives one bet and one debit.
   */
  betGUID: string;
  /**
   * Odds-change policy: 0 report any change, 1 accept increases, 2 accept any change. Default: the site's betting.checkCf.
   */
  CheckCf?: 0 | 1 | 2;
  /**
   * The bettor approved the coefficients now in Events after an oddsChanged answer.
   */
  ApprovedBet?: boolean;
  /**
   * One-click bet (feature coupon.features.oneClick).
   */
  OneClickBet?: boolean;
  /**
   * Accepted for compatibility; the server decides at once.
   */
  notWait?: boolean;
  /**
   * Bet on advance (libs/server/bets README, "Advance bets held until covered"): when the balance does not cover the stake, hold the bet within the advance the open bets secure until the balance covers it (coupon.features.advanceBet; MakeBetWeb only, pre-match, not with an auto-bet or insurance).
   */
  avanceBet?: boolean;
  /**
   * Ignored: the server knows which games are live.
   */
  live?: boolean;
  /**
   * The selections: at most the brand's coupon.maxEvents (default 50), coupon.maxSystemEvents (default 20) for a system; a coupon above its limit is refused with error_code 1003. 100, the largest limit a brand may set, is the transport cap.
   *
   * @minItems 1
   * @maxItems 100
   */
  Events: CouponEvent[];
  /**
   * Bet kind: 0 single (Summ per event), 1 express, 2 system (expressNum of n), 3 anti-express, 4 the full-cover bet named by FullCover (Summ per line: a Yankee charges 11 × Summ).
   */
  vid: 0 | 1 | 2 | 3 | 4;
  /**
   * Stake in the account currency, major units, 2 decimals.
   */
  Summ: number;
  /**
   * k of a k-of-n system bet.
   */
  expressNum?: number;
  /**
   * vid 4: the named full-cover bet (coupon.fullCoverBets). It takes exactly its number of selections, one per game; otherwise 422.
   */
  FullCover?:
    | 'trixie'
    | 'patent'
    | 'yankee'
    | 'lucky15'
    | 'superYankee'
    | 'lucky31'
    | 'heinz'
    | 'lucky63'
    | 'superHeinz'
    | 'goliath';
  /**
   * Auto-bet: held until the feed's coefficient reaches autoBetCf (feature coupon.features.autoBet).
   */
  isAutoBet?: boolean;
  /**
   * The coefficient an auto-bet waits for.
   */
  autoBetCf?: number;
  /**
   * Coefficient format autoBetCf was typed in (stored).
   */
  autoBetCfView?: number;
  /**
   * Ask for the express boost (feature coupon.features.expressBoost).
   */
  IsExpressBoost?: boolean;
  /**
   * Power bet (feature coupon.features.powerBet).
   */
  IsPowerBet?: boolean;
  /**
   * The anti-express coefficient the bettor saw.
   */
  AntiExpressCoef?: number;
  /**
   * Promo code (feature coupon.features.promoCode).
   */
  promo?: string;
  /**
   * Saved coupon code the bet came from.
   */
  CouponCode?: string;
  /**
   * Stored flag.
   */
  DropOnScoreChange?: boolean;
  /**
   * Stored flag.
   */
  TransformEventKind?: number;
  /**
   * Bet lobby (feature coupon.features.lobby).
   */
  withLobby?: boolean;
  /**
   * Bet insurance (feature coupon.features.insurance): stored with the bet; it does not change settlement yet.
   */
  IsInsurance?: boolean;
}
/**
 * Answer of the placement calls: accepted, oddsChanged (nothing placed) or waiting (held).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "MakeBetResponse".
 */
export interface MakeBetResponse {
  /**
   * What happened.
   */
  status: 'accepted' | 'oddsChanged' | 'waiting';
  /**
   * The placement's guid.
   */
  betGuid: string;
  /**
   * accepted: the bets created.
   */
  bets?: {
    /**
     * Bet id.
     */
    betId: string;
    /**
     * Coefficient of the bet.
     */
    coef: number;
    /**
     * Stake.
     */
    summ: number;
    /**
     * Paid when every selection wins, after taxes.
     */
    potentialWin: number;
    /**
     * An insured bet: the premium charged besides the stake (if the bet loses, its stake after tax comes back).
     */
    insurancePremium?: number;
  }[];
  /**
   * accepted: total stake charged.
   */
  summ?: number;
  /**
   * accepted: stake tax withheld.
   */
  stakeTax?: number;
  /**
   * accepted: total potential win.
   */
  potentialWin?: number;
  /**
   * accepted: main balance after the debit.
   */
  balance?: number;
  /**
   * accepted: account currency.
   */
  currency?: string;
  /**
   * Coefficients that moved (accepted by the policy, or to approve).
   */
  changes?: OddsChange[];
  /**
   * waiting: the held bet.
   */
  betId?: string;
  /**
   * waiting: why it is held (advance: until the bettor's balance covers an advance bet, libs/server/bets README, "Advance bets held until covered").
   */
  reason?: 'autoBet' | 'vipApproval' | 'liveDelay' | 'advance';
}
/**
 * A coefficient that moved.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "OddsChange".
 */
export interface OddsChange {
  /**
   * Index into Events (across coupons for multi).
   */
  index: number;
  /**
   * Coefficient sent.
   */
  previous: number;
  /**
   * Coefficient now.
   */
  current: number;
}
/**
 * Body of POST /service-api/LiveBet/Secure/SaleBet.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SaleBetRequest".
 */
export interface SaleBetRequest {
  /**
   * The bet to sell.
   */
  SaleBetId: string;
  /**
   * Part of the stake to sell (feature partSale); absent: the whole bet.
   */
  Summ?: number;
  /**
   * The value the bettor saw: a lower value now refuses the sale.
   */
  saleSumm?: number;
}
/**
 * A sold bet.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SaleBetResponse".
 */
export interface SaleBetResponse {
  /**
   * Sold.
   */
  status: 'sold';
  /**
   * Bet id.
   */
  betId: string;
  /**
   * Paid.
   */
  saleSumm: number;
  /**
   * Stake still open.
   */
  remainingSumm: number;
  /**
   * Main balance now.
   */
  balance: number;
  /**
   * Currency.
   */
  currency: string;
}
/**
 * Body of POST /service-api/LiveBet/Secure/GetSaleInfo.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SaleInfoRequest".
 */
export interface SaleInfoRequest {
  /**
   * The bet to sell.
   */
  SaleBetId: string;
}
/**
 * What selling a bet pays now.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SaleInfoResponse".
 */
export interface SaleInfoResponse {
  /**
   * Bet id.
   */
  betId: string;
  /**
   * Paid for the whole bet now.
   */
  saleSumm: number;
  /**
   * Part sale allowed.
   */
  partSale: boolean;
  /**
   * Smallest part (and rest) of the stake.
   */
  minPartSumm: number;
  /**
   * Stake that can be sold.
   */
  summ: number;
}
/**
 * Body of POST /service-api/LiveBet/Open/SaveCoupon (feature coupon.features.saveLoad).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SaveCouponRequest".
 */
export interface SaveCouponRequest {
  /**
   * The selections.
   *
   * @minItems 1
   * @maxItems 50
   */
  Events: CouponEvent[];
  /**
   * Bet kind.
   */
  vid: 0 | 1 | 2 | 3;
  /**
   * Stake.
   */
  Summ?: number;
  /**
   * System size.
   */
  expressNum?: number;
}
/**
 * The saved coupon's code.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SaveCouponResponse".
 */
export interface SaveCouponResponse {
  /**
   * 8 characters A-Z2-9, kept 7 days.
   */
  CouponCode: string;
}
/**
 * Body of POST /web-api/casino/rounds/{roundId}/actions: one blackjack decision at a step.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoActRequest".
 */
export interface CasinoActRequest {
  /**
   * The number of decisions taken before this one.
   */
  step: number;
  /**
   * The decision.
   */
  action: 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance';
}
/**
 * GET /web-api/casino/catalogue: the lobby of the visitor's brand and country (modules.casino): games, categories, providers and tags.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoCatalogueResponse".
 */
export interface CasinoCatalogueResponse {
  /**
   * The casino is offered here and has a game.
   */
  enabled: boolean;
  /**
   * Demo play for guests is offered here (modules.casino.demoMode).
   */
  demo: boolean;
  /**
   * Switched-on categories holding a game, and the favourites and all, lowest order first.
   */
  categories: {
    /**
     * The category slug (modules.casino.categories key).
     */
    slug: string;
    /**
     * Translation key of its name.
     */
    langKey: string;
    /**
     * Sort order.
     */
    order: number;
  }[];
  /**
   * Providers with a game here.
   */
  providers: {
    /**
     * Provider id (modules.casino.hiddenProviders).
     */
    id: number;
    /**
     * Provider slug.
     */
    slug: string;
    /**
     * Provider name (a brand name, not translated).
     */
    name: string;
    /**
     * Games of it here.
     */
    games: number;
  }[];
  /**
   * Tags of the games here.
   */
  tags: {
    /**
     * Tag id.
     */
    id: string;
    /**
     * Translation key of its name.
     */
    langKey: string;
  }[];
  /**
   * The games shown here.
   */
  games: CasinoGameEntry[];
}
/**
 * A game as the lobby lists it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoGameEntry".
 */
export interface CasinoGameEntry {
  /**
   * The game id of the catalogue.
   */
  id: string;
  /**
   * What sort of game it is (its page).
   */
  kind: 'slot' | 'roulette' | 'crash' | 'blackjack';
  /**
   * Translation key of the name (casino namespace).
   */
  nameKey: string;
  /**
   * Translation key of the rules and help text; {{rtp}} and {{maxWin}} are filled in.
   */
  helpKey: string;
  /**
   * The provider id.
   */
  provider: number;
  /**
   * The categories it is filed under (switched-on ones only); the first is its own.
   *
   * Items: A category slug.
   */
  categories: string[];
  /**
   * Its tags, for the lobby's filters.
   *
   * Items: A tag id.
   */
  tags: string[];
  /**
   * Shown under New.
   */
  isNew: boolean;
  /**
   * Theoretical return to player in percent, two decimals.
   */
  rtpPercent: string;
  /**
   * How the RTP is known: computed from the tables, or the published figure for the rules (blackjack).
   */
  rtpSource: 'exact' | 'published';
  /**
   * The most one round pays, as a multiple of its stake.
   */
  maxWinMultiple: number;
  /**
   * Playable for fun (play money) here.
   */
  demo: boolean;
  /**
   * An external provider's game: its name as the provider publishes it (shown as is; nameKey is not translated for it).
   */
  name?: string;
  /**
   * Run by an external provider: the game page frames the provider's launch URL (POST /web-api/casino/games/{gameId}/external-launch).
   */
  external?: boolean;
}
/**
 * Body of POST /web-api/casino/demo/actions: one decision in a demo blackjack hand.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoDemoActRequest".
 */
export interface CasinoDemoActRequest {
  /**
   * The sealed hand of the last answer.
   */
  token: string;
  /**
   * The decision.
   */
  action: 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance';
}
/**
 * Body of POST /web-api/casino/demo/rounds: a round for play money.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoDemoPlayRequest".
 */
export interface CasinoDemoPlayRequest {
  /**
   * The game id of the catalogue.
   */
  gameId: string;
  /**
   * The game's bet, as for real play.
   */
  bet: {
    [k: string]: unknown;
  };
}
/**
 * A demo round: play money, never on the ledger, nothing stored.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoDemoRound".
 */
export interface CasinoDemoRound {
  /**
   * The game id of the catalogue.
   */
  gameId: string;
  /**
   * Open while a decision is pending.
   */
  status: 'open' | 'settled';
  /**
   * Play money staked, minor units.
   */
  stake: number;
  /**
   * Play money won; null while open.
   */
  win: number | null;
  /**
   * Decisions taken.
   */
  step: number;
  /**
   * What the round drew and paid, in the game's own shape (libs/server/casino-games README); null before a round has one.
   */
  outcome: {
    [k: string]: unknown;
  } | null;
  /**
   * An open hand, sealed: send it with the next decision; null once settled.
   */
  token: string | null;
  /**
   * The demo round's own server seed hash.
   */
  serverSeedHash: string;
  /**
   * The server seed, revealed once the round ends; null while open.
   */
  serverSeed: string | null;
  /**
   * The demo round's client seed.
   */
  clientSeed: string;
}
/**
 * POST /web-api/casino/games/{gameId}/external-launch: where the game page frames an external provider's game, with a short-lived session token bound to the player, game, currency and brand (ADR 0345).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoExternalLaunchResponse".
 */
export interface CasinoExternalLaunchResponse {
  /**
   * The provider's launch URL with the session token: the src of the game frame.
   */
  url: string;
  /**
   * The provider's origin: the only origin whose messages the game page accepts, and the frame's CSP frame-src.
   */
  origin: string;
  /**
   * Who runs the game.
   */
  provider: {
    /**
     * Provider id (modules.casino.hiddenProviders).
     */
    id: number;
    /**
     * Provider slug.
     */
    slug: string;
    /**
     * Provider name.
     */
    name: string;
  };
  /**
   * When the token stops opening the game if unused (each call of the provider renews it).
   */
  expiresAt: string;
}
/**
 * Body of PUT /web-api/casino/favourites/{gameId}: mark or unmark a game.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoFavouriteRequest".
 */
export interface CasinoFavouriteRequest {
  /**
   * True marks the game, false unmarks it.
   */
  favourite: boolean;
}
/**
 * GET, and PUT /web-api/casino/favourites: the games the player marked that are shown here, most recent first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoFavouritesResponse".
 */
export interface CasinoFavouritesResponse {
  /**
   * Favourite game ids.
   *
   * Items: The game id of the catalogue.
   */
  gameIds: string[];
}
/**
 * Query of GET /web-api/casino/history: a page of the casino bets history.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoHistoryRequest".
 */
export interface CasinoHistoryRequest {
  /**
   * Rounds per page; default 20.
   */
  limit?: number;
  /**
   * The last in-house round of the previous page: rounds older than it (the earlier paging; `cursor` pages across in-house and external rounds).
   */
  before?: string;
  /**
   * The `next` of the previous page: the rounds after it.
   */
  cursor?: string;
}
/**
 * GET /web-api/casino/history: a page of the casino bets history, in-house and external rounds together, newest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoHistoryResponse".
 */
export interface CasinoHistoryResponse {
  /**
   * The rounds of the page, newest first.
   */
  rounds: CasinoHistoryRound[];
  /**
   * The cursor of the next page (the request's `cursor`); null on the last page.
   */
  next: string | null;
}
/**
 * A round of the casino bets history: an in-house round (with its provably fair proof) or an external provider's round on the seamless wallet (with the provider's transactions).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoHistoryRound".
 */
export interface CasinoHistoryRound {
  /**
   * In-house (played on the platform's game server, provably fair) or external (an external provider's game, settled through the seamless wallet).
   */
  source: 'in-house' | 'external';
  /**
   * The round id: the platform's for an in-house round (it opens the fair-play proof), the provider's for an external one.
   */
  roundId: string;
  /**
   * The game id of the catalogue.
   */
  gameId: string;
  /**
   * The provider's name of an external game (not translated); absent for in-house games, whose name is translated.
   */
  gameName?: string;
  /**
   * The game's provider as the lobby lists it.
   */
  provider: {
    /**
     * The provider id of the lobby.
     */
    id: number;
    /**
     * The provider's slug.
     */
    slug: string;
    /**
     * The provider's name.
     */
    name: string;
  };
  /**
   * Open while the round goes on (a pending decision, or an external round whose provider has not closed it); rolled-back when every bet of an external round was given back.
   */
  status: 'open' | 'settled' | 'rolled-back';
  /**
   * Everything staked and not rolled back, minor units.
   */
  stake: number;
  /**
   * Paid back, minor units; null while an in-house round is open.
   */
  win: number | null;
  /**
   * The wallet's currency.
   */
  currency: string;
  /**
   * When the round started.
   */
  createdAt: string;
  /**
   * At least one bet of the round was rolled back by its provider (the stake came back).
   */
  rolledBack: boolean;
  /**
   * The provider's wallet transactions of an external round, oldest first; empty for an in-house round.
   */
  transactions: {
    /**
     * The provider's transaction id.
     */
    transactionId: string;
    /**
     * The platform's id of it (provider slug and transaction id), as answered to the provider.
     */
    platformTransactionId: string;
    /**
     * What the call was.
     */
    kind: 'bet' | 'win' | 'rollback';
    /**
     * Minor units moved (a rollback: what it gave back).
     */
    amount: number;
    /**
     * Done, or rolled-back for a bet a rollback reversed.
     */
    status: 'done' | 'rolled-back';
    /**
     * A rollback: the provider's id of the bet it reverses.
     */
    referenceTransactionId?: string;
    /**
     * When the platform applied it.
     */
    createdAt: string;
  }[];
}
/**
 * Body of POST /web-api/casino/games/{gameId}/launch.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoLaunchRequest".
 */
export interface CasinoLaunchRequest {
  /**
   * Real money (signed in) or play money (where demo play is offered).
   */
  mode: 'real' | 'demo';
}
/**
 * POST /web-api/casino/games/{gameId}/launch: what the game page needs: the game, its tables, the seed pair and the open round to resume.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoLaunchResponse".
 */
export interface CasinoLaunchResponse {
  /**
   * How it was launched.
   */
  mode: 'real' | 'demo';
  game: CasinoGameEntry;
  /**
   * The game's tables for its controls and paytable (lines, pays, payouts, targets).
   */
  rules: {
    [k: string]: unknown;
  };
  /**
   * The active seed pair (real play); null in demo.
   */
  seed: CasinoSeedResponse | null;
  /**
   * The player's unfinished round of this game, to resume; null when none.
   */
  openRound: CasinoRound | null;
  /**
   * The wallet's currency (real play); null in demo.
   */
  currency: string | null;
}
/**
 * GET /web-api/casino/seeds: the active provably fair seed pair as the player sees it (the server seed stays secret); before the player's first launch or rotation there is none yet (nulls), since a GET opens nothing.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoSeedResponse".
 */
export interface CasinoSeedResponse {
  /**
   * SHA-256 of the active server seed (hex), shown before any round under it; null before the first pair is opened.
   */
  serverSeedHash: string | null;
  /**
   * The player's seed of the active pair; null before the first pair is opened.
   */
  clientSeed: string | null;
  /**
   * The nonce the next round takes.
   */
  nextNonce: number;
}
/**
 * A casino round as the player sees it (an open blackjack hand hides the hole card). POST /web-api/casino/rounds and the round calls answer it.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoRound".
 */
export interface CasinoRound {
  /**
   * The round id the client chose (a retry names the same id).
   */
  roundId: string;
  /**
   * The game id of the catalogue.
   */
  gameId: string;
  /**
   * Open while a decision is pending (a blackjack hand).
   */
  status: 'open' | 'settled';
  /**
   * Everything staked so far, minor units.
   */
  stake: number;
  /**
   * Paid back, minor units; null while open.
   */
  win: number | null;
  /**
   * The wallet's currency.
   */
  currency: string;
  /**
   * The round's nonce under its seed pair.
   */
  nonce: number;
  /**
   * The hash of the round's server seed, shown before it.
   */
  serverSeedHash: string;
  /**
   * The round's client seed.
   */
  clientSeed: string;
  /**
   * Decisions taken so far: the step the next decision names.
   */
  step: number;
  /**
   * What the round drew and paid, in the game's own shape (libs/server/casino-games README); null before a round has one.
   */
  outcome: {
    [k: string]: unknown;
  } | null;
  /**
   * When it was played.
   */
  createdAt: string;
  /**
   * When it was settled.
   */
  settledAt: string | null;
  /**
   * This answers a retried request with the round as first stored.
   */
  replayed: boolean;
}
/**
 * Body of POST /web-api/casino/rounds: a round of a game (a retry with the same round id answers the stored round).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoPlayRequest".
 */
export interface CasinoPlayRequest {
  /**
   * The round id the client chose (a retry names the same id).
   */
  roundId: string;
  /**
   * The game id of the catalogue.
   */
  gameId: string;
  /**
   * The game's bet: {stake} for slots and blackjack, {stake, target} for crash (the cash-out multiplier in hundredths), {bets: [...]} for roulette; minor units.
   */
  bet: {
    [k: string]: unknown;
  };
}
/**
 * Body of POST /web-api/casino/verify: everything a round follows from, once its server seed is revealed (anyone may ask, no sign-in).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoRecomputeRequest".
 */
export interface CasinoRecomputeRequest {
  /**
   * The game id of the catalogue.
   */
  gameId: string;
  /**
   * The revealed server seed.
   */
  serverSeed: string;
  /**
   * The hash shown before the round.
   */
  serverSeedHash: string;
  /**
   * The client seed.
   */
  clientSeed: string;
  /**
   * The round's nonce.
   */
  nonce: number;
  /**
   * The bet as stored with the round.
   */
  bet: {
    [k: string]: unknown;
  };
  /**
   * A blackjack hand's decisions in order.
   *
   * @maxItems 100
   *
   * Items: A decision.
   */
  actions?: ('hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance')[];
}
/**
 * POST /web-api/casino/verify: a round recomputed from its evidence alone.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoRecomputeResponse".
 */
export interface CasinoRecomputeResponse {
  /**
   * The revealed seed hashes to the hash shown before the round.
   */
  hashMatches: boolean;
  /**
   * The recomputed round ended.
   */
  settled: boolean;
  /**
   * The recomputed win, minor units.
   */
  win: number | null;
  /**
   * What the round drew and paid, in the game's own shape (libs/server/casino-games README); null before a round has one.
   */
  outcome: {
    [k: string]: unknown;
  } | null;
}
/**
 * Body of POST /web-api/casino/seeds/rotate: reveal the active server seed and open the next pair, with this client seed or a random one.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoRotateSeedRequest".
 */
export interface CasinoRotateSeedRequest {
  /**
   * The next pair's client seed: 1 to 64 printable characters without spaces.
   */
  clientSeed?: string;
}
/**
 * POST /web-api/casino/seeds/rotate: the revealed pair and the next one.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoRotateSeedResponse".
 */
export interface CasinoRotateSeedResponse {
  /**
   * The pair ended: everything needed to check its rounds.
   */
  revealed: {
    /**
     * The server seed, now revealed.
     */
    serverSeed: string;
    /**
     * Its hash as shown.
     */
    serverSeedHash: string;
    /**
     * The client seed.
     */
    clientSeed: string;
    /**
     * Rounds played under it (nonces 0 to rounds - 1).
     */
    rounds: number;
    /**
     * When it was revealed.
     */
    revealedAt: string;
  };
  next: CasinoSeedResponse;
}
/**
 * GET /web-api/casino/rounds/open and /web-api/casino/history: rounds (open ones oldest first; history newest first).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoRoundsResponse".
 */
export interface CasinoRoundsResponse {
  /**
   * The rounds.
   */
  rounds: CasinoRound[];
}
/**
 * A row of the leaderboard.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoTournamentEntry".
 */
export interface CasinoTournamentEntry {
  /**
   * The place: by points, highest first; of equal points, who reached them first is ahead.
   */
  rank: number;
  /**
   * The player's masked account id (its first and last two characters, the rest hidden); never a name or contact.
   */
  player: string;
  /**
   * The player's points.
   */
  points: number;
  /**
   * When the player reached these points (the settlement of the last scoring round).
   */
  reachedAt: string;
  /**
   * The prize of this rank, minor units; null beyond the prize table.
   */
  prize: number | null;
  /**
   * The row is the signed-in player's.
   */
  me: boolean;
}
/**
 * GET /web-api/casino/tournaments/:id: a tournament with the top of its leaderboard and the signed-in player's own row.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoTournamentResponse".
 */
export interface CasinoTournamentResponse {
  tournament: CasinoTournamentSummary;
  /**
   * The leaderboard's top rows (the request's limit, at least the prize table).
   */
  leaderboard: CasinoTournamentEntry[];
  /**
   * The signed-in player's row wherever it ranks; null for a guest or a player without points.
   */
  me: CasinoTournamentEntry | null;
}
/**
 * A casino tournament as the player sees it: its window, how it scores, its prizes and its qualifying games.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoTournamentSummary".
 */
export interface CasinoTournamentSummary {
  /**
   * The tournament id (the key of modules.casino.tournaments).
   */
  id: string;
  /**
   * The name in the request's language (English, else the first, where it has none).
   */
  name: string;
  /**
   * Upcoming before the window, active inside it, finished from its end on.
   */
  status: 'upcoming' | 'active' | 'finished';
  /**
   * Start of the window.
   */
  startsAt: string;
  /**
   * End of the window (exclusive).
   */
  endsAt: string;
  /**
   * The currency rounds are staked in to score, and the prizes' currency.
   */
  currency: string;
  /**
   * Smallest stake that scores, minor units (0: any).
   */
  minStake: number;
  /**
   * How a qualifying round scores (the schema's modules.casino.tournaments points).
   */
  points: {
    /**
     * Points by stake or by win multiplier.
     */
    rule: 'stake' | 'win-multiplier';
    /**
     * Points per major unit staked, or per whole multiple won.
     */
    perUnit: number;
    /**
     * win-multiplier: the smallest win / stake that scores.
     */
    minMultiplier: number;
  };
  /**
   * The prizes by rank, first place first.
   */
  prizes: {
    /**
     * The place.
     */
    rank: number;
    /**
     * The prize, minor units of the currency.
     */
    amount: number;
  }[];
  /**
   * The qualifying games of the player's lobby (catalogue ids).
   */
  gameIds: string[];
  /**
   * The prizes have been paid (a finished tournament).
   */
  paid: boolean;
}
/**
 * GET /web-api/casino/tournaments: the brand's tournaments, active first (ending soonest first), then upcoming (starting soonest first), then finished (latest first).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoTournamentsResponse".
 */
export interface CasinoTournamentsResponse {
  /**
   * The tournaments.
   */
  tournaments: CasinoTournamentSummary[];
}
/**
 * GET /web-api/casino/rounds/{roundId}/verify: a round of the player's recomputed from its revealed seed and compared with what was stored and paid.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CasinoVerifyResponse".
 */
export interface CasinoVerifyResponse {
  /**
   * The round id the client chose (a retry names the same id).
   */
  roundId: string;
  /**
   * The game id of the catalogue.
   */
  gameId: string;
  /**
   * The revealed server seed.
   */
  serverSeed: string;
  /**
   * The hash shown before the round.
   */
  serverSeedHash: string;
  /**
   * The client seed.
   */
  clientSeed: string;
  /**
   * The nonce.
   */
  nonce: number;
  /**
   * The bet as stored.
   */
  bet: {
    [k: string]: unknown;
  };
  /**
   * The decisions in order.
   *
   * Items: A decision.
   */
  actions: string[];
  /**
   * What was stored and paid.
   */
  stored: {
    /**
     * The win paid.
     */
    win: number | null;
    /**
     * What the round drew and paid, in the game's own shape (libs/server/casino-games README); null before a round has one.
     */
    outcome: {
      [k: string]: unknown;
    } | null;
  };
  recomputed: CasinoRecomputeResponse;
  /**
   * The hash matches and the recomputed win and outcome equal the stored ones.
   */
  verified: boolean;
}
/**
 * Every error answer of the platform API (spec section 8).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "ApiError".
 */
export interface ApiError {
  /**
   * What went wrong, fit to show to a person.
   */
  message: string;
  /**
   * More about the error, when there is something useful to add.
   */
  detail?: string;
  /**
   * One entry per invalid request field.
   */
  validation_errors?: {
    /**
     * The request field: a query parameter, body property or path to it.
     */
    field: string;
    /**
     * What is wrong with it.
     */
    message: string;
  }[];
  /**
   * A numeric code for errors the client handles specially.
   */
  error_code?: number;
  responsible?: ResponsibleRefusal;
  verification?: VerificationRefusal;
}
/**
 * A refusal by player protection (libs/server/responsible README): which limit or lock refused, what is left and when it resets or ends, so the page can explain it.
 */
export interface ResponsibleRefusal {
  /**
   * The limit (deposit, loss, wager, session), the lock (timeout, self_exclusion, panic), the cross-operator deposit limit, the exclusion register, limits_required: the site asks for limits (responsible.limitsBeforePlay) before the first deposit or bet, affordability: deposits past the month's threshold wait for an affordability check (responsible.affordabilityCheck), or activity_file: the player is playing with another operator or the activity file cannot answer (responsible.activityFile).
   */
  reason:
    | 'deposit'
    | 'loss'
    | 'wager'
    | 'session'
    | 'timeout'
    | 'self_exclusion'
    | 'panic'
    | 'cross_operator'
    | 'register'
    | 'limits_required'
    | 'affordability'
    | 'activity_file';
  /**
   * The limit's period.
   */
  period?: 'day' | 'week' | 'month' | 'session';
  /**
   * The limit in force: money in major units of `currency`, minutes for a session limit.
   */
  limit?: number;
  /**
   * What is left of the limit before this request (never below 0).
   */
  remaining?: number;
  /**
   * The currency of `limit` and `remaining`.
   */
  currency?: string;
  /**
   * When the limit resets or the lock ends; null for a permanent self-exclusion.
   */
  resetsAt?: string | null;
}
/**
 * A refusal until the player's identity is verified (libs/server/verification README): the rule that refused and what it counts, so the page can say what is required and why.
 */
export interface VerificationRefusal {
  /**
   * verification.requiredBefore: withdrawal (no withdrawal before verification), deposit (no deposit or bet before verification), deadline (deadlineDays after registration have passed) or deposit_threshold (this deposit would pass the threshold).
   */
  rule: 'withdrawal' | 'deposit' | 'deadline' | 'deposit_threshold';
  /**
   * The player's verification status now: nothing sent yet, waiting for a decision, rejected (send again), or sent again and waiting.
   */
  status: 'not_started' | 'submitted' | 'rejected' | 'resubmitted';
  /**
   * deadline: when the time to verify ended.
   */
  deadline?: string;
  /**
   * deposit_threshold: the cumulative deposits allowed before verification, in major units of `currency`.
   */
  threshold?: number;
  /**
   * deposit_threshold: the player's deposits so far in `currency`, in major units.
   */
  deposited?: number;
  /**
   * deposit_threshold: the currency of `threshold` and `deposited`.
   */
  currency?: string;
}
/**
 * A championship with its number of games.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedChamp".
 */
export interface FeedChamp {
  /**
   * Championship id.
   */
  id: number;
  /**
   * Championship name.
   */
  name: string;
  /**
   * Sport id.
   */
  sportId: number;
  /**
   * Sport name in the request's language.
   */
  sportName: string;
  /**
   * Country or region id.
   */
  countryId: number;
  /**
   * Country or region name.
   */
  countryName: string;
  /**
   * ISO 3166-1 alpha-2 code; null for regions.
   */
  countryIso: string | null;
  /**
   * 1 for top championships, 2 for the rest.
   */
  tier: number;
  /**
   * Games of the call kind the brand may show.
   */
  gamesCount: number;
}
/**
 * Answer of GetChampZip: one championship with its games.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedChampResponse".
 */
export interface FeedChampResponse {
  /**
   * Feed kind of the call (spec section 3): 1 live, 3 line (pre-match).
   */
  kind: 1 | 3;
  /**
   * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
   */
  version: number;
  /**
   * The feed's clock when the answer was built, Unix seconds (the unit of tsFrom and tsTo). A sped-up feed runs ahead of the wall clock: time windows such as the upcoming-games dashboard are measured from this. Optional for older servers.
   */
  now?: number;
  champ: FeedChamp;
  /**
   * Its games, soonest first.
   */
  games: FeedGameRow[];
}
/**
 * A game as every list shows it: teams, start, live score and clock, main market odds with outcome ids, and the main handicap and total lines for the Asian view.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedGameRow".
 */
export interface FeedGameRow {
  /**
   * Game id.
   */
  id: number;
  /**
   * 1 when the game is live, 3 otherwise.
   */
  kind: 1 | 3;
  /**
   * Sport id (spec section 3).
   */
  sportId: number;
  /**
   * Sport name in the request's language.
   */
  sportName: string;
  /**
   * Championship id.
   */
  champId: number;
  /**
   * Championship name.
   */
  champName: string;
  /**
   * Country or region of the championship (spec country ids).
   */
  countryId: number;
  /**
   * Home team or first player.
   */
  home: {
    /**
     * Team id (GetGamesTeamZip teams).
     */
    id: number;
    /**
     * Team name.
     */
    name: string;
  };
  /**
   * Away team or second player.
   */
  away: {
    /**
     * Team id (GetGamesTeamZip teams).
     */
    id: number;
    /**
     * Team name.
     */
    name: string;
  };
  /**
   * Scheduled start, Unix seconds (the unit of tsFrom and tsTo).
   */
  startsAt: number;
  /**
   * prematch, live, finished or cancelled.
   */
  status: 'prematch' | 'live' | 'finished' | 'cancelled';
  /**
   * Score and clock once the game started; null before.
   */
  live: null | {
    /**
     * 1-based period (half, quarter, set, map); above the regular count is overtime.
     */
    period: number;
    /**
     * Match clock in seconds.
     */
    clockSeconds: number;
    /**
     * False in breaks and after the end.
     */
    clockRunning: boolean;
    /**
     * Current score.
     */
    score: {
      /**
       * Home side.
       */
      home: number;
      /**
       * Away side.
       */
      away: number;
    };
    /**
     * Score of each period, index 0 = period 1.
     *
     * Items: Score of one period.
     */
    periodScores: {
      /**
       * Home side.
       */
      home: number;
      /**
       * Away side.
       */
      away: number;
    }[];
  };
  /**
   * The market shown on list pages (1x2 or winner), null when the game has none.
   */
  mainMarket: null | FeedMarket;
  /**
   * The main Asian handicap line (the open two-way handicap whose prices are closest to even): the Asian view's list column. Optional: older servers leave it out.
   */
  mainHandicap?: null | FeedMarket;
  /**
   * The main total (over/under) line, chosen as the main handicap is: the Asian view's list column. Optional: older servers leave it out.
   */
  mainTotal?: null | FeedMarket;
  /**
   * Number of markets on the game page.
   */
  marketsCount: number;
}
/**
 * A betting market of a game with its outcomes.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedMarket".
 */
export interface FeedMarket {
  /**
   * Stable market id; outcome ids start with it.
   */
  id: string;
  /**
   * Market type: 1x2, double-chance, winner, total, handicap, btts.
   */
  type: string;
  /**
   * Total line or home handicap; null for markets without a line.
   */
  line: number | null;
  /**
   * open takes bets; suspended shows odds but takes none; settled after the result.
   */
  status: 'open' | 'suspended' | 'settled';
  /**
   * Why the market is suspended (goal, incident, low-odds, period-end); null when not suspended.
   */
  suspendReason: string | null;
  /**
   * Outcomes in display order.
   *
   * Items: One selectable outcome.
   */
  outcomes: {
    /**
     * Stable outcome id: what a coupon sends.
     */
    id: string;
    /**
     * Outcome code within the market (home, draw, away, over, under, yes, no, ...).
     */
    code: string;
    /**
     * Translation key of the outcome name (feed:outcome.*); the line is on the market.
     */
    nameKey: string;
    /**
     * Decimal odds.
     */
    odds: number;
    /**
     * Mirrors the market; settled after the result.
     */
    status: 'open' | 'suspended' | 'settled';
  }[];
}
/**
 * Answer of GetChampsZip and WebGetTopChampsZip.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedChampsResponse".
 */
export interface FeedChampsResponse {
  /**
   * Feed kind of the call (spec section 3): 1 live, 3 line (pre-match).
   */
  kind: 1 | 3;
  /**
   * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
   */
  version: number;
  /**
   * The feed's clock when the answer was built, Unix seconds (the unit of tsFrom and tsTo). A sped-up feed runs ahead of the wall clock: time windows such as the upcoming-games dashboard are measured from this. Optional for older servers.
   */
  now?: number;
  /**
   * Championships, top tier and most games first.
   */
  champs: FeedChamp[];
}
/**
 * Answer of GetExpressDayExtendedZip: the express (accumulator) of the day.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedExpressResponse".
 */
export interface FeedExpressResponse {
  /**
   * Feed kind of the call (spec section 3): 1 live, 3 line (pre-match).
   */
  kind: 1 | 3;
  /**
   * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
   */
  version: number;
  /**
   * The feed's clock when the answer was built, Unix seconds (the unit of tsFrom and tsTo). A sped-up feed runs ahead of the wall clock: time windows such as the upcoming-games dashboard are measured from this. Optional for older servers.
   */
  now?: number;
  /**
   * The express of the day; null when the brand has it off or too few games qualify.
   */
  express: null | {
    /**
     * Identifies this express (date and picks), so a site can tell it changed.
     */
    id: string;
    /**
     * Product of the picks odds, two decimals.
     */
    totalOdds: number;
    /**
     * The picks, one per game.
     *
     * Items: One pick.
     */
    events: {
      game: FeedGameRow;
      /**
       * Market of the pick.
       */
      marketId: string;
      /**
       * Outcome to add to the coupon.
       */
      outcomeId: string;
      /**
       * Outcome code.
       */
      code: string;
      /**
       * Odds of the pick.
       */
      odds: number;
    }[];
  };
}
/**
 * Answer of GetGameZip: a game with all its markets by group.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedGameResponse".
 */
export interface FeedGameResponse {
  /**
   * Feed kind of the call (spec section 3): 1 live, 3 line (pre-match).
   */
  kind: 1 | 3;
  /**
   * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
   */
  version: number;
  /**
   * The feed's clock when the answer was built, Unix seconds (the unit of tsFrom and tsTo). A sped-up feed runs ahead of the wall clock: time windows such as the upcoming-games dashboard are measured from this. Optional for older servers.
   */
  now?: number;
  game: FeedGameRow;
  /**
   * Market groups in display order, empty groups left out.
   *
   * Items: One market group.
   */
  groups: {
    /**
     * Group id (main, totals, handicaps, goals).
     */
    id: string;
    /**
     * Translation key of the group name.
     */
    nameKey: string;
    /**
     * Markets of the group.
     */
    markets: FeedMarket[];
  }[];
}
/**
 * Answer of Get1x2_VZip, GetTopGamesStatZip, GetGamesTeamZip and GetFavoritesZip.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedGamesResponse".
 */
export interface FeedGamesResponse {
  /**
   * Feed kind of the call (spec section 3): 1 live, 3 line (pre-match).
   */
  kind: 1 | 3;
  /**
   * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
   */
  version: number;
  /**
   * The feed's clock when the answer was built, Unix seconds (the unit of tsFrom and tsTo). A sped-up feed runs ahead of the wall clock: time windows such as the upcoming-games dashboard are measured from this. Optional for older servers.
   */
  now?: number;
  /**
   * Games in the order of the call.
   */
  games: FeedGameRow[];
}
/**
 * Query of the live push channel, WebSocket /service-api/feed/push: the language and country whose rules filter the deltas.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedPushQuery".
 */
export interface FeedPushQuery {
  /**
   * Language; one of the site's languages.
   */
  lng?: string;
  /**
   * ISO alpha-2 country whose rules apply.
   */
  country?: string;
}
/**
 * Answer of Web_SearchZip.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedSearchResponse".
 */
export interface FeedSearchResponse {
  /**
   * Feed kind of the call (spec section 3): 1 live, 3 line (pre-match).
   */
  kind: 1 | 3;
  /**
   * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
   */
  version: number;
  /**
   * The feed's clock when the answer was built, Unix seconds (the unit of tsFrom and tsTo). A sped-up feed runs ahead of the wall clock: time windows such as the upcoming-games dashboard are measured from this. Optional for older servers.
   */
  now?: number;
  /**
   * The text searched, after cutting to 100 characters.
   */
  text: string;
  /**
   * Games whose team names contain every word.
   */
  games: FeedGameRow[];
  /**
   * Championships whose name contains every word.
   */
  champs: FeedChamp[];
}
/**
 * Answer of GetSportsShortZip: sports with counts.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "FeedSportsResponse".
 */
export interface FeedSportsResponse {
  /**
   * Feed kind of the call (spec section 3): 1 live, 3 line (pre-match).
   */
  kind: 1 | 3;
  /**
   * Read-model version the answer was built from; push deltas with a higher version are newer than this answer.
   */
  version: number;
  /**
   * The feed's clock when the answer was built, Unix seconds (the unit of tsFrom and tsTo). A sped-up feed runs ahead of the wall clock: time windows such as the upcoming-games dashboard are measured from this. Optional for older servers.
   */
  now?: number;
  /**
   * Sports with games, the brand's top sports first.
   *
   * Items: One sport.
   */
  sports: {
    /**
     * Sport id (spec section 3).
     */
    id: number;
    /**
     * Name in the request's language.
     */
    name: string;
    /**
     * regular, cyber or virtual.
     */
    kind: 'regular' | 'cyber' | 'virtual';
    /**
     * Games of the call kind.
     */
    gamesCount: number;
    /**
     * Championships with such games.
     */
    champsCount: number;
  }[];
}
/**
 * Liveness: the process is up and answering.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "HealthResponse".
 */
export interface HealthResponse {
  /**
   * Always ok when the process answers.
   */
  status: 'ok';
  /**
   * The live feed on this server. Informational: liveness stays ok while the odds are stale (the server keeps serving pages, bets and the last known odds), and readiness does not depend on it.
   */
  feed?: {
    /**
     * single: the feed lives in this process; shared: one server of a cluster leads it through the Redis Stream (ADR 0360).
     */
    mode: 'single' | 'shared';
    /**
     * This server follows the provider and appends to the stream (always true in single mode).
     */
    leader: boolean;
    /**
     * Live odds are the last known ones: the stream is unreachable or lags (HTTP feed answers then carry x-feed-stale: true).
     */
    stale: boolean;
    /**
     * The last stream position this server applied (shared mode).
     */
    position?: number;
    /**
     * Milliseconds from the leader's append of the last applied entry to this server applying it (shared mode).
     */
    lagMs?: number;
    /**
     * Milliseconds since the stream last answered this server; a healthy follower reads at least every 250 ms (shared mode).
     */
    sinceReadMs?: number;
  };
}
/**
 * A block of an information page: a heading, a paragraph or a list.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "InformationBlock".
 */
export interface InformationBlock {
  /**
   * What the block is.
   */
  kind: 'heading' | 'paragraph' | 'list';
  /**
   * A heading's level.
   */
  level?: 2 | 3;
  /**
   * A list is numbered.
   */
  ordered?: boolean;
  /**
   * A heading's or paragraph's text.
   */
  content?: InformationInline[];
  /**
   * A list's items, each a run of text.
   */
  items?: InformationInline[][];
}
/**
 * A run of text of an information page: plain, strong, or a link.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "InformationInline".
 */
export interface InformationInline {
  /**
   * How the run is shown.
   */
  kind: 'text' | 'strong' | 'link';
  /**
   * The visible text.
   */
  text: string;
  /**
   * A link's target: a path within the site (without the language), an https address, mailto: or tel:.
   */
  href?: string;
}
/**
 * Query of GET /web-api/information/:page: the language of the text.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "InformationPageQuery".
 */
export interface InformationPageQuery {
  /**
   * A language of the brand.
   */
  lng: string;
  /**
   * The development brand override (ignored where it does not apply).
   */
  brand?: string;
}
/**
 * An information page of the brand (rules, privacy, responsible gaming, ...) in one language: its title and its text as a tree of safe blocks, parsed on the server from the brand's content file (brands/<id>/content/<lng>/<page>.md). No markup travels: the site renders the blocks as elements.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "InformationPageResponse".
 */
export interface InformationPageResponse {
  /**
   * The page id (a key of information.pages).
   */
  page: string;
  /**
   * The language of the text.
   */
  language: string;
  /**
   * The page title (the content file's first-level heading).
   */
  title: string;
  /**
   * The text, in order.
   */
  blocks: InformationBlock[];
}
/**
 * Readiness: the database answers and at least one brand is valid. To operators (the operator token, or loopback) it also names the database and the brands served and refused at start-up; everyone else gets the status alone.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "ReadyResponse".
 */
export interface ReadyResponse {
  /**
   * ready when traffic can be served (HTTP 200), else not_ready (HTTP 503).
   */
  status: 'ready' | 'not_ready';
  /**
   * The database check (operators only).
   */
  database?: {
    /**
     * Embedded PGlite or a PostgreSQL server.
     */
    engine: 'pglite' | 'postgres';
    /**
     * A trivial query succeeded within the time limit.
     */
    reachable: boolean;
  };
  /**
   * The brand validation report of this start-up (operators only).
   */
  brands?: {
    /**
     * Brands being served.
     */
    valid: {
      /**
       * Brand id (its folder name).
       */
      id: string;
      /**
       * Brand name.
       */
      name: string;
    }[];
    /**
     * Brands whose files were malformed or broke the schema; they are not served.
     */
    refused: {
      /**
       * Brand id (its folder name).
       */
      id: string;
      /**
       * Why it was refused.
       */
      errors: ConfigIssue[];
    }[];
  };
}
/**
 * Body of PUT /web-api/responsible/limits: set, lower, raise or remove one limit. Lowering applies at once; raising or removing waits the brand's cooling-off.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "LimitChangeRequest".
 */
export interface LimitChangeRequest {
  /**
   * Which limit.
   */
  kind: 'deposit' | 'loss' | 'wager' | 'session';
  /**
   * Calendar day, week or month (UTC) for money; session for the session-time limit.
   */
  period: 'day' | 'week' | 'month' | 'session';
  /**
   * Money in major units of the account's currency, minutes for a session limit; null removes the limit.
   */
  amount: number | null;
}
/**
 * Body of POST /web-api/responsible/lock: a time-out (24 hours to 6 weeks), a self-exclusion (6 to 60 months, or permanent) or the panic button (24 hours). It starts at once and cannot be lifted before its end.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "LockRequest".
 */
export interface LockRequest {
  /**
   * Which lock.
   */
  kind: 'timeout' | 'self_exclusion' | 'panic';
  /**
   * A time-out's length in hours (24 to 1008, six weeks).
   */
  hours?: number;
  /**
   * A self-exclusion's length in months (6 to 60).
   */
  months?: number;
  /**
   * A self-exclusion without end.
   */
  permanent?: boolean;
}
/**
 * GET /web-api/responsible/session and POST .../session/continue: the session clock of reality checks and the header, kept by the server.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PlaySessionResponse".
 */
export interface PlaySessionResponse {
  /**
   * When the session began (sign-in).
   */
  startedAt: string;
  /**
   * The last reality check the player answered (or the start).
   */
  acknowledgedAt: string;
  /**
   * When the next reality check is due; null when reality checks are off.
   */
  nextCheckAt: string | null;
  /**
   * Minutes since the session began.
   */
  minutesPlayed: number;
  /**
   * Stakes placed in the session, major units.
   */
  wagered: number;
  /**
   * Returns minus stakes of the session's bets (open bets count as staked); negative is a loss.
   */
  netPosition: number;
  /**
   * The account's currency.
   */
  currency: string;
  /**
   * The server's clock now (the test-mode clock may run ahead of the browser's).
   */
  serverTime: string;
  /**
   * What the header shows (responsible.showSessionTimer, showNetPosition).
   */
  show: {
    /**
     * Show the session time.
     */
    sessionTimer: boolean;
    /**
     * Show the net position.
     */
    netPosition: boolean;
  };
}
/**
 * GET /web-api/responsible: the limits the player set (with what is used and left), the lock in force and what this site offers.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "ResponsibleOverviewResponse".
 */
export interface ResponsibleOverviewResponse {
  /**
   * The account's currency.
   */
  currency: string;
  /**
   * Hours a raise or removal of a limit waits.
   */
  coolingOffHours: number;
  /**
   * What this site offers the player, from the brand's configuration.
   */
  offers: {
    /**
     * Limits the player may set.
     */
    limitTypes: ('deposit' | 'loss' | 'wager' | 'session')[];
    /**
     * Time-outs are offered.
     */
    timeout: boolean;
    /**
     * Self-exclusion is offered.
     */
    selfExclusion: boolean;
    /**
     * The panic button is offered.
     */
    panicButton: boolean;
  };
  /**
   * Each limit set, in force or pending.
   */
  limits: {
    /**
     * Which limit.
     */
    kind: 'deposit' | 'loss' | 'wager' | 'session';
    /**
     * Its period.
     */
    period: 'day' | 'week' | 'month' | 'session';
    /**
     * The currency of money limits.
     */
    currency: string;
    /**
     * The limit in force (major units; minutes for session); null while only a new limit waits.
     */
    amount: number | null;
    /**
     * A raise or removal waiting its cooling-off.
     */
    pending: {
      /**
       * The new amount; null removes the limit.
       */
      amount: number | null;
      /**
       * When it takes effect.
       */
      effectiveAt: string;
    } | null;
    /**
     * Used in the current period (minutes of the session for a session limit).
     */
    used: number;
    /**
     * Left in the current period.
     */
    remaining: number | null;
    /**
     * When the period ends and the limit resets.
     */
    resetsAt: string | null;
  }[];
  /**
   * The time-out, self-exclusion or panic lock in force, or null.
   */
  lock: {
    /**
     * Which lock.
     */
    kind: 'timeout' | 'self_exclusion' | 'panic';
    /**
     * When it began.
     */
    startsAt: string;
    /**
     * When it ends; null is permanent.
     */
    endsAt: string | null;
  } | null;
  /**
   * After a limit change: whether it applied now or waits, and from when.
   */
  change?: {
    /**
     * Now (lowered or new) or pending (raised or removed).
     */
    applied: 'now' | 'pending';
    /**
     * When it takes effect.
     */
    effectiveAt: string;
  };
}
/**
 * Query of GET /web-api/site-config/explain: which layer and file set a configuration value.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SiteConfigExplainQuery".
 */
export interface SiteConfigExplainQuery {
  /**
   * JSON pointer into the resolved configuration, e.g. /coupon/features/sale.
   */
  pointer: string;
  /**
   * Language; default the brand's default language.
   */
  lng?: string;
  /**
   * Country; default the brand's default country.
   */
  country?: string;
  /**
   * Development override of the brand.
   */
  brand?: string;
}
/**
 * Where a resolved configuration value comes from: what compliance staff ask.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SiteConfigExplainResponse".
 */
export interface SiteConfigExplainResponse {
  /**
   * Brand id.
   */
  brand: string;
  /**
   * Country resolved for.
   */
  country: string;
  /**
   * Language resolved for.
   */
  language: string;
  /**
   * The JSON pointer asked about.
   */
  pointer: string;
  /**
   * The resolved value at the pointer (any JSON type).
   */
  value: {
    [k: string]: unknown;
  };
  /**
   * The layer that set it: defaults, jurisdiction:<id> (a jurisdiction profile's floor, ADR 0260), brand, country:<iso2>, language:<lng>, console:<country|*>/<language|*> (the console's layer, ADR 0310), or platform when this server cannot honour the setting (a missing service, ADR 0140).
   */
  layer: string;
  /**
   * The file that set it (relative to the workspace), null for platform defaults and platform overrides.
   */
  file?: string | null;
  /**
   * Why the platform set it (layer platform only).
   */
  reason?: string;
  /**
   * Layer console:<country|*>/<language|*> only: the published version of the console layer that set it (ADR 0310).
   */
  change?: {
    /**
     * Version number of the brand's console layer.
     */
    version: number;
    /**
     * E-mail of the operator who published it.
     */
    operator: string;
    /**
     * When it was published.
     */
    at: string;
    /**
     * Why, in the publisher's words.
     */
    reason: string;
  };
  /**
   * The jurisdiction rule whose floor set the value (layer jurisdiction:<id> only): set by jurisdiction uk-gc rule UKGC-RC-1.
   */
  rule?: {
    /**
     * Rule id (UKGC-RC-1).
     */
    id: string;
    /**
     * The rule in one plain sentence.
     */
    statement: string;
    /**
     * The regulation it comes from.
     */
    source: string;
  };
  /**
   * The floors of the country's jurisdiction on this setting; the value meets each (a brand may be stricter, never looser).
   *
   * Items: One floor.
   */
  floors?: {
    /**
     * Profile id (uk-gc).
     */
    jurisdiction: string;
    /**
     * The rule the floor enforces.
     */
    rule: {
      /**
       * Rule id (UKGC-RC-1).
       */
      id: string;
      /**
       * The rule in one plain sentence.
       */
      statement: string;
      /**
       * The regulation it comes from.
       */
      source: string;
    };
    /**
     * What the floor asks for (at most 60).
     */
    expected: string;
  }[];
}
/**
 * Query of GET /web-api/site-config. The brand comes from the Host, or from the development override.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SiteConfigQuery".
 */
export interface SiteConfigQuery {
  /**
   * Language; must be one the brand allows. Default: the brand's default language.
   */
  lng?: string;
  /**
   * ISO 3166-1 alpha-2 country; must be one the brand serves. Default: the tessera_country cookie, else the brand's default country. Remembered in the tessera_country cookie.
   */
  country?: string;
  /**
   * Development override of the brand (unless BRAND_OVERRIDE=off). Remembered in the tessera_brand cookie.
   */
  brand?: string;
}
/**
 * The resolved site configuration of the chosen brand, for one country and language.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "SiteConfigResponse".
 */
export interface SiteConfigResponse {
  /**
   * The brand chosen for this request.
   */
  brand: {
    /**
     * Brand id.
     */
    id: string;
    /**
     * Brand name.
     */
    name: string;
  };
  /**
   * The country the configuration was resolved for.
   */
  country: string;
  /**
   * The language the configuration was resolved for.
   */
  language: string;
  /**
   * The resolved public configuration; its shape is schemas/site-config.schema.json (SiteConfig).
   */
  config: {
    [k: string]: unknown;
  };
  /**
   * The brand's theme primitives; shape in schemas/theme.schema.json.
   */
  theme: {
    [k: string]: unknown;
  };
  /**
   * Translations: namespace, then key, then text (platform copy with the brand's overrides).
   */
  dictionary: {
    [k: string]: {
      [k: string]: string;
    };
  };
}
/**
 * Body of POST /__dev/verification/decide (development and test servers only; never in production): what `tessera kyc decide` does, for browser tests against an embedded database.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "VerificationDevDecideRequest".
 */
export interface VerificationDevDecideRequest {
  /**
   * The account id.
   */
  account_id: string;
  /**
   * The decision.
   */
  decision: 'verified' | 'rejected';
  /**
   * Why.
   */
  reason: string;
  /**
   * verified: the country the documents show.
   */
  country?: string;
  /**
   * verified: the date of birth the documents show.
   */
  birth_date?: string;
}
/**
 * An identity document the player uploaded: metadata only (the file is never served).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "VerificationDocument".
 */
export interface VerificationDocument {
  /**
   * Document id.
   */
  id: string;
  /**
   * What the document is, as the player chose it.
   */
  document_type: 'passport' | 'id_card' | 'driving_licence' | 'proof_of_address' | 'selfie';
  /**
   * The file type its bytes proved.
   */
  content_type: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'application/pdf';
  /**
   * Size of the file.
   */
  size_bytes: number;
  /**
   * The name the player's file had (a label only; stored under a random id).
   */
  file_name: string;
  /**
   * When it was uploaded.
   */
  uploaded_at: string;
  /**
   * uploaded (not yet sent for review), or the status of the submission it was sent with.
   */
  state: 'uploaded' | 'submitted' | 'verified' | 'rejected';
}
/**
 * GET /verification-api/api/v1/BackOffice/documents: the player's own documents, newest first.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "VerificationDocumentsResponse".
 */
export interface VerificationDocumentsResponse {
  /**
   * The documents.
   */
  documents: VerificationDocument[];
}
/**
 * GET /verification-api/api/v1/status: where the player's verification stands, what a submission needs, what is blocked until verified, the documents and the decisions.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "VerificationStatusResponse".
 */
export interface VerificationStatusResponse {
  /**
   * not_started, submitted (waiting), verified, rejected (send again) or resubmitted (sent again, waiting).
   */
  status: 'not_started' | 'submitted' | 'verified' | 'rejected' | 'resubmitted';
  /**
   * The parts of a complete submission.
   *
   * Items: One part: one of its document types.
   */
  needs: {
    /**
     * The part.
     */
    need: 'identity' | 'selfie' | 'proof_of_address';
    /**
     * Document types that provide it.
     *
     * Items: A document type.
     */
    types: ('passport' | 'id_card' | 'driving_licence' | 'proof_of_address' | 'selfie')[];
    /**
     * The settings require it (else optional).
     */
    required: boolean;
    /**
     * An upload not yet submitted provides it.
     */
    provided: boolean;
  }[];
  /**
   * What waits for verification (empty once verified).
   *
   * Items: A rule of verification.requiredBefore as it applies to the player now.
   */
  rules: {
    /**
     * The rule.
     */
    rule: 'withdrawal' | 'deposit' | 'deadline' | 'deposit_threshold';
    /**
     * What it refuses until the player is verified.
     *
     * Items: A refused action.
     */
    blocks: ('withdrawal' | 'deposit' | 'bet')[];
    /**
     * It refuses now (withdrawal and deposit: always while unverified; deadline: passed; deposit_threshold: reached).
     */
    active: boolean;
    /**
     * deadline: when verification is due.
     */
    deadline?: string;
    /**
     * deposit_threshold: deposits allowed before verification (major units).
     */
    threshold?: number;
    /**
     * deposit_threshold: deposited so far (major units).
     */
    deposited?: number;
    /**
     * deposit_threshold: the currency.
     */
    currency?: string;
  }[];
  /**
   * Upload limits (verification settings).
   */
  limits: {
    /**
     * Largest file.
     */
    max_file_bytes: number;
    /**
     * Documents an account may hold.
     */
    max_documents: number;
    /**
     * Documents held now (rejected submissions' not counted).
     */
    held_documents: number;
    /**
     * Upload attempts per hour.
     */
    uploads_per_hour: number;
  };
  /**
   * The account's country and date of birth now (the verified ones once verified).
   */
  declared: {
    /**
     * Lower-case ISO country.
     */
    country: string;
    /**
     * YYYY-MM-DD, or null when never given.
     */
    birth_date: string | null;
  };
  /**
   * The documents, newest first.
   */
  documents: VerificationDocument[];
  /**
   * Submissions, newest first.
   *
   * Items: A submission for review.
   */
  submissions: {
    /**
     * Submission id.
     */
    id: string;
    /**
     * Its status.
     */
    status: 'submitted' | 'verified' | 'rejected';
    /**
     * Sent after a rejection.
     */
    resubmission: boolean;
    /**
     * Sent at.
     */
    submitted_at: string;
    /**
     * Decided at (ISO), null while waiting.
     */
    decided_at: string | null;
  }[];
  /**
   * Compliance's decisions, newest first.
   *
   * Items: A decision.
   */
  decisions: {
    /**
     * The submission decided.
     */
    submission_id: string;
    /**
     * The decision.
     */
    decision: 'verified' | 'rejected';
    /**
     * Why, as compliance wrote it.
     */
    reason: string;
    /**
     * When.
     */
    decided_at: string;
  }[];
}
/**
 * Body of POST /verification-api/api/v1/BackOffice/documents/verify: send the uploaded documents for review, with what they show.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "VerificationSubmitRequest".
 */
export interface VerificationSubmitRequest {
  /**
   * The country of the identity document (ISO 3166-1 alpha-2).
   */
  country: string;
  /**
   * The date of birth the document shows (YYYY-MM-DD).
   */
  birth_date: string;
}
/**
 * An account entry of GET /account-api/user/balance (spec section 3).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "AccountEntry".
 */
export interface AccountEntry {
  /**
   * Ledger account id.
   */
  id: number;
  /**
   * Bonus id.
   */
  idBonus: number | null;
  /**
   * Wallet.
   */
  type: 'main' | 'bonus';
  /**
   * Balance.
   */
  money: number;
  /**
   * Currency name.
   */
  name: string;
  /**
   * Currency code.
   */
  iso: string;
  /**
   * Symbol.
   */
  symbol: string;
  /**
   * The account in use.
   */
  isActive: boolean;
  /**
   * Spec currency id.
   */
  currencyId: number | null;
  /**
   * Unplaced bets.
   */
  amountOfUnplacedBets: number;
  /**
   * Points.
   */
  points: number;
  /**
   * Bonus wallet.
   */
  isBonusAccount: boolean;
  /**
   * Points balance.
   */
  isPointsTypeBalance: boolean;
  /**
   * Name with symbol.
   */
  label: string;
}
/**
 * Answer of GET /account-api/user/balance.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "BalanceResponse".
 */
export interface BalanceResponse {
  /**
   * Money accounts.
   */
  accounts: AccountEntry[];
  /**
   * Bonus accounts.
   */
  bonuses: AccountEntry[];
  /**
   * Both.
   */
  all_accounts: AccountEntry[];
}
/**
 * Body of POST /web-api/user/createCurrencyAccount (spec: createCurrencyAccount).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CreateCurrencyAccountRequest".
 */
export interface CreateCurrencyAccountRequest {
  /**
   * The platform's id of a currency the brand offers.
   */
  currency_id: number;
}
/**
 * Body of POST /web-api/user/deleteCurrencyAccount (spec: deleteCurrencyAccount) and POST /web-api/user/setActiveCurrencyAccount.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CurrencyAccountRequest".
 */
export interface CurrencyAccountRequest {
  /**
   * The account id.
   */
  account_id: string;
}
/**
 * The player's currency accounts and the currencies the brand offers (GET /web-api/user/currency-accounts, and the answer of every change to them).
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "CurrencyAccountsResponse".
 */
export interface CurrencyAccountsResponse {
  /**
   * The brand offers accounts in other currencies and transfers between them.
   */
  enabled: boolean;
  /**
   * How long a transfer quote holds.
   */
  quoteSeconds: number;
  /**
   * The player's accounts, the registration one first.
   *
   * Items: A currency account.
   */
  accounts: {
    /**
     * The account id (account_id of the calls).
     */
    id: string;
    /**
     * Currency code.
     */
    currency: string;
    /**
     * The platform's currency id.
     */
    currencyId: number | null;
    /**
     * Currency name.
     */
    name: string;
    /**
     * Currency symbol.
     */
    symbol: string;
    /**
     * Main balance, major units.
     */
    balance: number;
    /**
     * Bets and deposits use this account.
     */
    active: boolean;
  }[];
  /**
   * Currencies the brand offers in which the player holds no account yet.
   *
   * Items: A currency that can be opened.
   */
  offered: {
    /**
     * Send as currency_id.
     */
    currencyId: number;
    /**
     * Currency code.
     */
    currency: string;
    /**
     * Currency name.
     */
    name: string;
    /**
     * Currency symbol.
     */
    symbol: string;
  }[];
}
/**
 * GET /officeapi/getdeducedata: what the player may withdraw and why, where to, the rules that apply and their withdrawals.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DeduceDataResponse".
 */
export interface DeduceDataResponse {
  /**
   * The active account's currency.
   */
  currency: string;
  /**
   * Main account balance, major units.
   */
  main: number;
  /**
   * Bonus money: never withdrawable.
   */
  bonus: number;
  /**
   * Stakes of advance bets waiting for their cover: not withdrawable.
   */
  advanceHeld: number;
  /**
   * Already reserved by withdrawals not yet paid.
   */
  reserved: number;
  /**
   * What can be withdrawn now: main less advanceHeld.
   */
  withdrawable: number;
  /**
   * Smallest withdrawal.
   */
  minAmount: number;
  /**
   * Withdrawals up to this amount are approved at once; larger ones wait for a person. Null: every one waits.
   */
  autoApproveMax: number | null;
  /**
   * The player may cancel a withdrawal not yet sent.
   */
  playerMayCancel: boolean;
  /**
   * Cards the player deposited with: the money goes back to one of them (closed loop).
   *
   * Items: A deposit card.
   */
  methods: {
    /**
     * Send as methodReference.
     */
    reference: string;
    /**
     * Last four digits of the card.
     */
    last4: string;
  }[];
  /**
   * The player's withdrawals, newest first.
   */
  withdrawals: WithdrawalEntry[];
}
/**
 * A withdrawal and where it stands (libs/server/wallet README, "Withdrawals").
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "WithdrawalEntry".
 */
export interface WithdrawalEntry {
  /**
   * The withdrawal's id.
   */
  id: string;
  /**
   * Amount in major units.
   */
  amount: number;
  /**
   * Currency code.
   */
  currency: string;
  /**
   * requested (reserved, waiting for approval), approved, sent (to the payment provider), paid; or rejected, cancelled or failed (the reserve went back to the main account).
   */
  state: 'requested' | 'approved' | 'sent' | 'paid' | 'rejected' | 'cancelled' | 'failed';
  /**
   * Why it was rejected or failed.
   */
  reason: string | null;
  /**
   * Last four digits of the card it is paid to.
   */
  methodLast4: string;
  /**
   * The player may still cancel it.
   */
  cancellable: boolean;
  /**
   * When it was requested.
   */
  createdAt: string;
  /**
   * When it last changed state.
   */
  updatedAt: string;
}
/**
 * Body of POST /web-api/payments/callback/sandbox: a signed deposit callback. A provider may add fields; the signed text is kept as sent.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DepositCallbackRequest".
 */
export interface DepositCallbackRequest {
  /**
   * The provider's event id.
   */
  eventId: string;
  /**
   * What happened.
   */
  type: 'deposit.succeeded' | 'deposit.declined' | 'deposit.expired';
  /**
   * The deposit as the provider saw it; the platform reads its current state from the provider.
   */
  intent: {
    /**
     * The deposit id.
     */
    merchantReference: string;
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
/**
 * What the platform did with a deposit callback.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DepositCallbackResponse".
 */
export interface DepositCallbackResponse {
  /**
   * credited, already_credited or not_credited
   */
  outcome: 'credited' | 'already_credited' | 'not_credited';
}
/**
 * Body of POST /web-api/payments/deposit/{merchantReference}/challenge.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DepositChallengeRequest".
 */
export interface DepositChallengeRequest {
  /**
   * The code of the 3-D Secure-like challenge.
   */
  code: string;
}
/**
 * Body of POST /web-api/payments/deposit.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DepositRequest".
 */
export interface DepositRequest {
  /**
   * Amount in the account currency, major units.
   */
  amount: number;
  /**
   * The deposit's id; send it again to retry safely. Default: a new one.
   */
  merchantReference?: string;
  /**
   * Card details; never stored.
   */
  card: {
    /**
     * Card number.
     */
    number: string;
    /**
     * Month.
     */
    expiryMonth: number;
    /**
     * Year.
     */
    expiryYear: number;
    /**
     * CVC.
     */
    cvc: string;
    /**
     * Card holder.
     */
    holder?: string;
  };
}
/**
 * Where a deposit stands.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "DepositResponse".
 */
export interface DepositResponse {
  /**
   * The deposit's id.
   */
  merchantReference: string;
  /**
   * Status at the provider.
   */
  status: 'requires_action' | 'processing' | 'succeeded' | 'declined' | 'expired';
  /**
   * Why it was declined.
   */
  declineReason: string | null;
  /**
   * A challenge to complete.
   */
  nextAction: {
    /**
     * challenge
     */
    type?: string;
    /**
     * Prompt.
     */
    prompt?: string;
  } | null;
  /**
   * Amount.
   */
  amount: number;
  /**
   * Currency.
   */
  currency: string;
}
/**
 * Body of POST /officeapi/gethistorypaymentmainaccount: a page of the payments history, filtered.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PaymentsHistoryRequest".
 */
export interface PaymentsHistoryRequest {
  /**
   * Include archived entries.
   */
  is_include_archive?: boolean;
  /**
   * Page; default 1.
   */
  page_number?: number;
  /**
   * Only these kinds; default all.
   *
   * @maxItems 5
   *
   * Items: A kind of payment.
   */
  types?: ('deposit' | 'withdrawal' | 'refund' | 'transfer' | 'adjustment')[];
  /**
   * Only payments in these statuses; default all.
   *
   * @maxItems 3
   *
   * Items: A status.
   */
  statuses?: ('completed' | 'pending' | 'cancelled')[];
  /**
   * From this time (inclusive).
   */
  date_from?: string;
  /**
   * Until this time (exclusive).
   */
  date_to?: string;
  /**
   * Per page; default 20.
   */
  page_size?: number;
}
/**
 * A page of the payments history.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PaymentsHistoryResponse".
 */
export interface PaymentsHistoryResponse {
  /**
   * Payments.
   *
   * Items: A payment.
   */
  items: {
    /**
     * Ledger transaction id.
     */
    id: string;
    /**
     * Kind: a deposit, a withdrawal, a refund to the card, a transfer between own currency accounts, or an adjustment.
     */
    type: 'deposit' | 'withdrawal' | 'refund' | 'transfer' | 'adjustment';
    /**
     * Status.
     */
    status: 'completed' | 'pending' | 'cancelled';
    /**
     * Amount.
     */
    amount: number;
    /**
     * Currency.
     */
    currency: string;
    /**
     * When.
     */
    createdAt: string;
    /**
     * Provider reference.
     */
    reference: string | null;
    /**
     * Archived.
     */
    archived: boolean;
    /**
     * A withdrawal's state (libs/server/wallet README); null for other kinds.
     */
    state?: 'requested' | 'approved' | 'sent' | 'paid' | 'rejected' | 'cancelled' | 'failed' | null;
    /**
     * A transfer: the amount credited to the other account.
     */
    counterAmount?: number | null;
    /**
     * A transfer: the other account's currency.
     */
    counterCurrency?: string | null;
  }[];
  /**
   * Page.
   */
  pageNumber: number;
  /**
   * Per page.
   */
  pageSize: number;
  /**
   * Matching.
   */
  total: number;
  /**
   * More pages follow.
   */
  hasMore: boolean;
}
/**
 * Body of the payment provider's signed payout callback (POST /web-api/payments/payout-callback/sandbox); only its signature makes it trusted, and the payout is re-read from the provider.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PayoutCallbackRequest".
 */
export interface PayoutCallbackRequest {
  /**
   * The provider's event id.
   */
  eventId: string;
  /**
   * What happened.
   */
  type: 'payout.paid' | 'payout.declined' | 'payout.failed' | 'payout.expired';
  /**
   * The payout as the provider saw it.
   */
  payout: {
    /**
     * The withdrawal id.
     */
    payoutReference: string;
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
/**
 * What the platform did with a payout callback. A callback for an unknown or finished withdrawal changes nothing and is still answered 200, so the provider stops retrying.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "PayoutCallbackResponse".
 */
export interface PayoutCallbackResponse {
  /**
   * paid or failed: settled now; pending: the payout is still processing; unknown: no such withdrawal; ignored: it was already finished.
   */
  outcome: 'paid' | 'failed' | 'pending' | 'unknown' | 'ignored';
}
/**
 * Body of POST /web-api/payments/transfer/quote: the rate and the amount credited, good for a short time.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TransferQuoteRequest".
 */
export interface TransferQuoteRequest {
  /**
   * The account debited.
   */
  from_account_id: string;
  /**
   * The account credited.
   */
  to_account_id: string;
  /**
   * Amount debited, major units of its currency.
   */
  amount: number;
}
/**
 * A transfer quote: send its id to make the transfer before it expires.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TransferQuoteResponse".
 */
export interface TransferQuoteResponse {
  /**
   * Send as quote_id.
   */
  quoteId: string;
  /**
   * Currency debited.
   */
  fromCurrency: string;
  /**
   * Currency credited.
   */
  toCurrency: string;
  /**
   * Debited, major units.
   */
  fromAmount: number;
  /**
   * Credited, major units (rounded down to the cent).
   */
  toAmount: number;
  /**
   * Units of toCurrency per unit of fromCurrency.
   */
  rate: number;
  /**
   * When the rates provider published the rate.
   */
  rateAsOf: string;
  /**
   * The quote holds until then.
   */
  expiresAt: string;
}
/**
 * Body of POST /web-api/payments/transfer: makes the quoted transfer; the same quote twice is one transfer.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TransferRequest".
 */
export interface TransferRequest {
  /**
   * The quote's id.
   */
  quote_id: string;
}
/**
 * A transfer made between two of the player's accounts.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "TransferResponse".
 */
export interface TransferResponse {
  /**
   * The transfer id.
   */
  id: string;
  /**
   * Currency debited.
   */
  fromCurrency: string;
  /**
   * Currency credited.
   */
  toCurrency: string;
  /**
   * Debited, major units.
   */
  fromAmount: number;
  /**
   * Credited, major units.
   */
  toAmount: number;
  /**
   * The quoted rate.
   */
  rate: number;
  /**
   * When.
   */
  createdAt: string;
}
/**
 * Body of POST /web-api/payments/withdrawal.
 *
 * This interface was referenced by `ApiPayloads`'s JSON-Schema
 * via the `definition` "WithdrawalRequest".
 */
export interface WithdrawalRequest {
  /**
   * Amount in the active account's currency, major units.
   */
  amount: number;
  /**
   * The client's id for this request; sent again, it answers the first withdrawal.
   */
  requestId: string;
  /**
   * The deposit method (getdeducedata methods) the money is paid back to.
   */
  methodReference: string;
}
