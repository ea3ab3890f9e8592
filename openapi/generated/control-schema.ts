// GENERATED FILE — do not edit. TypeScript types by openapi-typescript, then the parameters the validator defaults.
// Source: openapi/control.yaml. Regenerate with `npm run generate`; `npm test` fails when this file is stale.

export interface paths {
    "/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * this token's world back to its seeded state
         * @description Replaces the token's session: the world is rebuilt from (seed, token) with the same IDs, and
         *     its deliveries, request journal and rate limit are forgotten. Answers the fresh world's summary.
         */
        post: operations["resetWorld"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/world": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * IDs no API lists (projects, templates, accounts, triggers...)
         * @description The world's summary, with the IDs of resources that no API lists.
         */
        get: operations["getWorld"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * request journal (method, path, status, ms, at); ?include=console: the console's own too
         * @description The world's `/v1` requests that got past authentication, oldest first; the last 1,000 are kept.
         *     The mock's console marks the requests it makes itself (header `x-mock-console`); they are
         *     journaled with `from: console` and left out of this list unless `include=console`.
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * outbound webhook deliveries and their attempts (?wait=true: once settled)
         * @description The world's outbound deliveries, oldest first (the last 500 are kept), a page at a time:
         *     `limit` records after the delivery `after`; `next_after` names the last one when more
         *     follow. A body over 4,096 characters is cut there, with `body_truncated: true` and its full
         *     length in `body_length` (the receiver got all of it). With `wait=true` the answer waits
         *     until every queued delivery of this world has settled (retries included), at most 15 s; when
         *     that limit is reached the answer carries `settled: false` beside `data`.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * {emitter_id, event_name, event, error?}: an emitter emits
         * @description A workflow (`p_`) or source (`dc_`) of this world emits an event: a `$errors` event from a
         *     workflow is recorded in its error event summaries, and the event reaches the listener of
         *     every matching subscription once. A workflow or source listener is one invocation and 100 ms
         *     of compute time against the daily quotas; one whose quota is used up does not run and is
         *     named in `over_quota` (docs/worlds.md, "Quotas that move"). An emitter that is not in this
         *     world is 404.
         */
        post: operations["emit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/triggers/{trigger_id}/emit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * {event}: a deployed trigger emits to its webhook URLs
         * @description A deployed trigger emits: delivered, signed, to each of its own webhook URLs, else to its
         *     project environment's URL; and it runs each active workflow of this world its
         *     `updateWorkflows` set, one invocation each against the daily quotas (docs/worlds.md,
         *     "Quotas that move"), named in `runs`. An unknown trigger is 404; a trigger with neither a
         *     URL nor such a workflow is 422.
         */
        post: operations["emitTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{connect_token}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * {outcome: "success"|"error", error?}: finish a connect flow
         * @description Finishes the connect flow of a `ctok_` token once: success creates a connected account and
         *     sends `CONNECTION_SUCCESS`, error sends `CONNECTION_ERROR`, each to the token's `webhook_uri`
         *     when it has one. An unknown token is 404; a token already completed or expired is 422.
         */
        post: operations["completeConnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rate-limit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * {requests, retry_after_seconds?, per_second?}: next N API requests, or those over N per second, answer 429
         * @description The next `requests` `/v1` requests of this world (after authentication and routing) answer
         *     429 `rate_limited` with `Retry-After: <retry_after_seconds>`. With `per_second`, at most that
         *     many `/v1` requests of this world are answered per second (a fixed one-second window), the
         *     others 429 with `Retry-After`; every answer then carries `X-RateLimit-Limit`,
         *     `X-RateLimit-Remaining` and `X-RateLimit-Reset` (UNIX seconds). `per_second` replaces the
         *     server's `--rate-limit` for this world (0: none); `{requests: 0}` without it lifts the rule.
         */
        post: operations["setRateLimit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * {latency_ms?, fail_rate?}: slow or failing API answers for this world
         * @description Every `/v1` answer of this world waits a time drawn uniformly from `latency_ms` (`{min, max}`,
         *     milliseconds, at most 30,000), and a share `fail_rate` (0 to 1) of its requests answer 503
         *     `service_unavailable` with `Retry-After`. Each replaces the server's `--latency` or
         *     `--fail-rate` for this world (`{min: 0, max: 0}` and `0` switch them off); a property left
         *     out keeps what is in force; reset restores the server's. Answers the faults now in force.
         */
        post: operations["setFaults"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * {org_id, count}: append sources to a workspace (pagination at scale)
         * @description Appends `count` event sources to the end of workspace `org_id`'s list; the first 32 are full
         *     draws of the world's generator, the rest repeat their names and props with fresh IDs. An
         *     unknown workspace is 404.
         */
        post: operations["addSources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/drift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * where the upstream answers depart from the document (serve --upstream)
         * @description The drift report of every answer the upstream gave so far, for every token (docs/upstream.md,
         *     "Drift report"): per operation, the statuses the document does not list and the fields
         *     missing, extra, of the wrong type or otherwise invalid by JSON pointer (at most 100 such
         *     lines per operation; its `droppedFields` counts the departures left out), and the document's
         *     `x-assumed` statements the answers confirmed or contradicted. A server without `--upstream`
         *     (and `createMock()` in a page or a test) answers 404.
         */
        get: operations["getDriftReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * write every world to the --state file now
         * @description Writes every world of the server (not only this token's) to the file of `serve --state FILE`
         *     now, as the server does on an interval and when it stops: a new file written beside it,
         *     then renamed over it, so the file is always either the old state or the new one; then its
         *     log of accepted writes (`FILE.log`) starts afresh. Not needed to keep a write: every write is
         *     in the log before it is answered. A server without `--state` (and `createMock()` in a page
         *     or a test) answers 404.
         */
        post: operations["saveSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * this world's clock
         * @description This world's time (`now`), how far it is from real time (`offset_ms`) and whether it stands
         *     still (`frozen`); `changed: false` while the world keeps real time (docs/worlds.md, "A clock
         *     per world").
         */
        get: operations["getClock"];
        put?: never;
        /**
         * {set?, advance?, freeze?}: move this world's clock
         * @description Sets this world's clock to the instant `set`, then moves it by `advance` (`90m`, `1h30m`,
         *     `-2d`: sums of `ms`, `s`, `m`, `h`, `d`), then freezes it (`freeze: true`: its time stands
         *     still until the next clock call) or lets it run (`freeze: false`). Without `freeze` a clock
         *     keeps running or standing as it was. Everything the world shows follows it: timestamps of
         *     what it creates, event times, Connect token expiry, the signature's `t` on deliveries,
         *     rate-limit windows and the daily quotas' day. Other worlds keep their own clocks; a reset
         *     brings this one back to real time. A clock shows 1970-01-01T00:00:00Z to
         *     9999-12-31T23:59:59Z: a call that would move it outside is 400 naming that range, and a
         *     running clock that reaches the maximum stops there (docs/worlds.md, "A clock per world").
         */
        post: operations["setClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scenario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * {name}: replace this world with a scenario's
         * @description Replaces this token's world with a fresh one built from scenario `name` (docs/scenarios.md),
         *     or with its seeded world for `null`; its deliveries, journal and rate limit start empty, and
         *     a reset afterwards rebuilds the same scenario. An unknown name is 404, naming the loaded
         *     scenarios. Answers the new world's summary.
         */
        post: operations["switchScenario"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pact/states": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * {state, params, action}: the Pact verifier's state change, opening that world
         * @description The state-change URL of the Pact verifier (docs/pact.md): for `action: setup` (the default),
         *     `a fresh world` replaces this token's world with its seeded one, `scenario <name>` with that
         *     scenario's; `teardown` leaves the world as it is. `params` (the seed, the path parameters an
         *     interaction relies on) are accepted and not needed: the same token and seed build the same
         *     world. Another state is 400; an unknown scenario 404. Answers the world's summary.
         */
        post: operations["setPactState"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the Pact file recorded so far (createHandlers or createMock with pact, serve --pact-dir)
         * @description The pact this mock has recorded so far, for every token (docs/pact.md): the Pact
         *     specification 4.0 file as `data`, interactions sorted, exactly as it would be written. The
         *     console's "Download pact" saves it; in a page, where no file can be written, it is how the
         *     interactions leave the browser. A mock that records no pact answers 404.
         */
        get: operations["getPact"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * the scenarios this mock holds
         * @description Every scenario a token `scenario_<name>_<anything>` may name, built-in and loaded, with its
         *     description, in load order; `current` is the one this world was built from (null: seeded).
         */
        get: operations["listScenarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * what a test run covered: operations and documented statuses answered, and never touched
         * @description For this world (`scope=world`, since it was opened, reset or switched) or for every world
         *     since the mock started (`scope=all`, worlds evicted since included): each operation of the
         *     service's document with how many answers it gave, the documented statuses it answered
         *     (`seen`), those it never answered (`missing`) and any it answered without documenting them;
         *     the totals; and `untouched`, the operations no request reached. Every `/v1` answer of an
         *     operation counts, the faults' (429, 503) included; control requests do not. The report is
         *     the kit's one coverage model, the one `contracts` reports with (parameters sent and
         *     `links` followed, within a world, too).
         */
        get: operations["getCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        CoverageReport: {
            /** @enum {unknown} */
            scope: "world" | "all";
            totals: {
                operations: components["schemas"]["CoverageRatio"];
                statuses: components["schemas"]["CoverageRatio"];
                parameters?: components["schemas"]["CoverageRatio"];
                links?: components["schemas"]["CoverageRatio"];
                exchanges: number;
            };
            operations: {
                operationId: string;
                method: string;
                path: string;
                exchanges: number;
                statuses: {
                    documented: string[];
                    seen: number[];
                    missing: string[];
                    undocumented: number[];
                };
            }[];
            /** @description `METHOD /path` of every operation no request reached. */
            untouched: string[];
        };
        CoverageRatio: {
            covered: number;
            total: number;
            percent: number;
        };
        ClockBody: {
            /**
             * Format: date-time
             * @description The instant the world's clock shows (RFC 3339, `2026-01-01T00:00:00Z`), from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z (with `advance`, the sum must stay there).
             */
            set?: string;
            /**
             * @description A duration to move the clock by, after `set`; negative goes back.
             * @example 90m
             * @example 1h30m
             * @example -1d
             */
            advance?: string;
            /** @description true: the world's time stands still until the next clock call; false: it runs. */
            freeze?: boolean;
        };
        ClockState: {
            /** Format: date-time */
            now: string;
            /** @description How far the world's clock is ahead of real time (negative, behind). */
            offset_ms: number;
            frozen: boolean;
            /** @description false while the world keeps real time (no clock call since it was made or reset). */
            changed: boolean;
        };
        PactStateBody: {
            /** @description The interaction's provider state, as the kit writes it. */
            state: string;
            /** @description The state's params; accepted, not needed. */
            params?: {
                [key: string]: unknown;
            };
            /**
             * @default setup
             * @enum {string}
             */
            action: "setup" | "teardown";
        };
        ScenarioBody: {
            /** @description A scenario's name, or null for the seeded world. */
            name: string | null;
        };
        EmitBody: {
            /** @description A concrete workflow (`p_`) or source (`dc_`) ID of this world; a glob is refused. */
            emitter_id: string;
            /** @description The event stream, e.g. `$errors`; the empty string is the default stream. */
            event_name: string;
            /** @description Any JSON value; a `$errors` event from a workflow must be an object (it is recorded). */
            event: unknown;
            /** @description The recorded error of a `$errors` event from a workflow. */
            error?: {
                code?: string;
                /** @description A step ID (`c_`). */
                cellId?: string;
                stack?: string;
            };
        };
        TriggerEmitBody: {
            /** @description Any JSON value, delivered as given. */
            event: unknown;
        };
        CompleteConnectBody: {
            /** @enum {string} */
            outcome: "success" | "error";
            /** @description The message of `CONNECTION_ERROR` (a default message when absent). */
            error?: string;
        };
        RateLimitBody: {
            /** @description How many of the next `/v1` requests answer 429; 0 with no `per_second` lifts the rule. */
            requests: number;
            /**
             * @description The `Retry-After` of those answers.
             * @default 1
             */
            retry_after_seconds: number;
            /** @description At most this many `/v1` requests of this world per second; 0 none, even with the server's `--rate-limit`. */
            per_second?: number;
        };
        RateLimitRule: {
            requests: number;
            retry_after_seconds: number;
            per_second?: number;
        };
        Faults: {
            /** @description Each answer waits a time drawn uniformly from [min, max] milliseconds; `min` is at most `max`. */
            latency_ms?: {
                min: number;
                max: number;
            };
            /** @description The share of requests that answer 503 `service_unavailable`. */
            fail_rate?: number;
        };
        AddSourcesBody: {
            /** @description A workspace (`o_`) of this world. */
            org_id: string;
            /** @description How many sources to append (about two seconds of filling at most). */
            count: number;
        };
        AddedSources: {
            org_id: string;
            added: number;
            /** @description The workspace's sources after the fill. */
            source_count: number;
            /** @description The first added source, in list order (they are appended at the end). */
            first_id: string;
            last_id: string;
        };
        JournalEntry: {
            method: string;
            /** @description Without the query. */
            path: string;
            status: number;
            /** @description Time spent inside the app, milliseconds. */
            ms: number;
            /** @description UNIX milliseconds when the request arrived. */
            at: number;
            /**
             * @description Present on the requests the mock's console made itself (header `x-mock-console`).
             * @enum {string}
             */
            from?: "console";
            /**
             * @description Who answered, when not the mock (`serve --upstream` with `--live`, `serve --replay`); `ms` is then the whole exchange.
             * @enum {string}
             */
            source?: "live" | "replay";
        };
        DeliveryRecord: {
            id: string;
            /** @description The world's key. */
            world: string;
            /** @enum {string} */
            kind: "subscription" | "trigger" | "connection";
            url: string;
            /** @description The exact JSON text sent (in `GET /__mock/deliveries`, its first 4,096 characters when `body_truncated`). */
            body: string;
            /**
             * @description Present when `body` was cut for the list.
             * @constant
             */
            body_truncated?: true;
            /** @description The full body's length in characters, present with `body_truncated`. */
            body_length?: number;
            headers: components["schemas"]["Headers"];
            attempts: components["schemas"]["DeliveryAttempt"][];
            /**
             * @description `refused`: the destination is not allowed (a link-local address such as 169.254.169.254, a name that resolves to one, or a host outside the server's `--deliver-to`, which is loopback only when unset); it was never attempted and `reason` says why (and, for the default, which flag allows it).
             * @enum {string}
             */
            state: "pending" | "delivered" | "failed" | "recorded" | "refused";
            /** @description Why the delivery was refused (state `refused`). */
            reason?: string;
            final_status: number | null;
            /** @description UNIX milliseconds. */
            created_at: number;
        };
        DeliveryAttempt: {
            attempt: number;
            started_at: number;
            duration_ms: number;
            status: number | null;
            error: string | null;
            headers: components["schemas"]["Headers"];
            /** @description The first 2048 bytes of the receiver's answer (the rest is never read). */
            response_body?: string;
        };
        SavedState: {
            /** @description The state file, as given to `--state`. */
            path: string;
            /** @description Worlds written. */
            worlds: number;
            /** @description Size of the file written. */
            bytes: number;
        };
        Headers: {
            [key: string]: string;
        };
        WorldSummary: {
            /** @description The world's key (a hash of the token). */
            key: string;
            user: {
                id: string;
                username: string;
            };
            workspaces: {
                id: string;
                name: string;
                source_count: number;
            }[];
            projects: {
                id: string;
                org_id: string;
                /** @description The project's name (`PATCH /connect/projects/{project_id}` changes it). */
                name?: string;
                /** @description The length of the project's logo `data:` URL (`POST /connect/projects/{project_id}/logo`); null without one. */
                logo_length?: number | null;
                environments: {
                    name: string;
                    webhook_url: string | null;
                }[];
                deployed_triggers: {
                    id: string;
                    /** @enum {unknown} */
                    environment: "development" | "production";
                    /** @description The end user who owns the trigger (`external_user_id` of the deployed-trigger endpoints). */
                    external_user_id: string;
                    /** @description False once `deployedTriggers.update` paused it; an inactive trigger emits nothing. */
                    active?: boolean;
                    /** @description The workflows its events go to (`deployedTriggers.updateWorkflows`). */
                    workflow_ids?: string[];
                    /** @description How many emitted events it keeps for `deployedTriggers.listEvents` (at most 100). */
                    event_count?: number;
                    webhook_urls: string[];
                    /** @description The trigger's own webhooks, each with its `wh_` ID (its key is read with `GET /v1/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks/{webhook_id}`). */
                    webhooks: {
                        id: string;
                        url: string;
                    }[];
                }[];
                accounts: string[];
                /** @description The accounts with their end user (`external_id`) and environment; `credentials_withheld` for one connected through the service's own OAuth client. */
                connected_accounts: {
                    id: string;
                    external_user_id: string;
                    /** @enum {unknown} */
                    environment: "development" | "production";
                    credentials_withheld: boolean;
                }[];
            }[];
            templates: string[];
            workflows: {
                id: string;
                org_id: string;
                project_id: string;
                active: boolean;
                error_events: number;
            }[];
            sources: {
                id: string;
                org_id: string;
            }[];
            webhooks: string[];
            subscriptions: {
                id: string;
                emitter_id: string;
                listener_id: string;
                event_name: string;
                org_id: string;
            }[];
            auto_subscriptions: {
                event_name: string;
                listener_id: string;
            }[];
            connect_tokens: {
                token: string;
                project_id: string;
                /** @enum {unknown} */
                environment: "development" | "production";
                completed: boolean;
            }[];
        };
        /** @description `{error, code?, details?}`, the one error body of the kit (docs/errors.md). */
        Error: {
            error: string;
            code?: string;
            details?: Record<string, never>;
        };
    };
    responses: {
        /** @description The world's clock after the call. */
        Clock: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: components["schemas"]["ClockState"];
                };
            };
        };
        /** @description The world's summary. */
        WorldSummary: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: components["schemas"]["WorldSummary"];
                };
            };
        };
        /** @description The error body of the API (`Error` in openapi.yaml, docs/errors.md). */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    resetWorld: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WorldSummary"];
            401: components["responses"]["Error"];
        };
    };
    getWorld: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["WorldSummary"];
            401: components["responses"]["Error"];
        };
    };
    listRequests: {
        parameters: {
            query?: {
                /** @description `console`: the console's own requests too (each with `from: console`). */
                include?: "console";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The journal. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["JournalEntry"][];
                    };
                };
            };
            401: components["responses"]["Error"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: {
                /** @description `true` waits for every queued delivery of this world to settle first. */
                wait?: boolean;
                /** @description Records per page. */
                limit?: number;
                /** @description The ID of a delivery (`next_after` of the previous page): the page starts after it. An ID no longer in the log is 400. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery records. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DeliveryRecord"][];
                        /**
                         * @description Present only when `wait=true` gave up after 15 s.
                         * @constant
                         */
                        settled?: false;
                        /** @description Present when more records follow; pass it as `after` for the next page. */
                        next_after?: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
        };
    };
    emit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmitBody"];
            };
        };
        responses: {
            /** @description The emit's ID and the deliveries it queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            emit_id: string;
                            deliveries: components["schemas"]["DeliveryRecord"][];
                            /** @description The workflow and source listeners that did not run, a daily quota used up (absent when none). */
                            over_quota?: {
                                listener_id: string;
                                /** @enum {string} */
                                quota: "daily_invocations_quota" | "daily_compute_time_quota";
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
        };
    };
    emitTrigger: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The deployed trigger's ID (`dc_`). */
                trigger_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TriggerEmitBody"];
            };
        };
        responses: {
            /** @description The event's ID and the deliveries it queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            event_id: string;
                            deliveries: components["schemas"]["DeliveryRecord"][];
                            /** @description The workflows the event ran, or skipped over a used-up quota (absent when none). */
                            runs?: {
                                workflow_id: string;
                                /** @enum {string} */
                                outcome: "ok" | "error" | "over_quota";
                                /** @description With `over_quota`, the quota used up. */
                                quota?: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            422: components["responses"]["Error"];
        };
    };
    completeConnect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The connect token (`ctok_`). */
                connect_token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompleteConnectBody"];
            };
        };
        responses: {
            /** @description The delivery it queued (null without a `webhook_uri`) and, on success, the new account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            delivery: components["schemas"]["DeliveryRecord"] | null;
                            /** @description The connected account, as `GET /v1/connect/{project_id}/accounts/{account_id}` answers it. */
                            account?: Record<string, never>;
                        };
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            422: components["responses"]["Error"];
        };
    };
    setRateLimit: {
        parameters: {
            query?: {
                /**
                 * @description An OAuth client's ID: the rule applies to the world that client's login
                 *     (`POST /v1/oauth/token`) opens, the login included, instead of the bearer's world; so a
                 *     429 or 503 on the login can be produced.
                 */
                client_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RateLimitBody"];
            };
        };
        responses: {
            /** @description The rule in force, or null once lifted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RateLimitRule"] | null;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
        };
    };
    setFaults: {
        parameters: {
            query?: {
                /**
                 * @description An OAuth client's ID: the rule applies to the world that client's login
                 *     (`POST /v1/oauth/token`) opens, the login included, instead of the bearer's world; so a
                 *     429 or 503 on the login can be produced.
                 */
                client_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Faults"];
            };
        };
        responses: {
            /** @description The faults in force for this world. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Faults"];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
        };
    };
    addSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddSourcesBody"];
            };
        };
        responses: {
            /** @description What was added. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AddedSources"];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
        };
    };
    getDriftReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report so far. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            answers: number;
                            drifting: number;
                            operations: Record<string, never>[];
                            unmatched: string[];
                            assumptions: Record<string, never>[];
                        };
                    };
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
        };
    };
    saveSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where the worlds went. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SavedState"];
                    };
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /**
             * @description `state_write_failed`: the file could not be written (its folder is gone, no permission, no
             *     space). The message says why without naming paths (the server's log names the file); the
             *     worlds are still in memory and the log of writes since the last snapshot is kept.
             */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Clock"];
            401: components["responses"]["Error"];
        };
    };
    setClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClockBody"];
            };
        };
        responses: {
            200: components["responses"]["Clock"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
        };
    };
    switchScenario: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ScenarioBody"];
            };
        };
        responses: {
            200: components["responses"]["WorldSummary"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
        };
    };
    setPactState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PactStateBody"];
            };
        };
        responses: {
            200: components["responses"]["WorldSummary"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
        };
    };
    getPact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Pact file so far. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            consumer: Record<string, never>;
                            provider: Record<string, never>;
                            interactions: Record<string, never>[];
                            metadata: Record<string, never>;
                        };
                    };
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
        };
    };
    listScenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scenarios. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            current: string | null;
                            scenarios: {
                                name: string;
                                description: string;
                            }[];
                        };
                    };
                };
            };
            401: components["responses"]["Error"];
        };
    };
    getCoverage: {
        parameters: {
            query?: {
                scope?: "world" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The coverage report. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CoverageReport"];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
        };
    };
}

/** The operations under `paths`: what a server answers. */
export type PathOperationId = "resetWorld" | "getWorld" | "listRequests" | "listDeliveries" | "emit" | "emitTrigger" | "completeConnect" | "setRateLimit" | "setFaults" | "addSources" | "getDriftReport" | "saveSnapshot" | "getClock" | "setClock" | "switchScenario" | "setPactState" | "getPact" | "listScenarios" | "getCoverage";

/** Per operation and location, the parameters whose schema has a default (always present once validated). */
export interface ParameterDefaults {
    listDeliveries: { query: "wait" | "limit" };
    getCoverage: { query: "scope" };
}
