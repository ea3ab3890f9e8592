// GENERATED FILE — do not edit. TypeScript types by openapi-typescript, then the parameters the validator defaults.
// Source: openapi/openapi.yaml. Regenerate with `npm run generate`; `npm test` fails when this file is stale.

export interface paths {
    "/workflows/{workflow_id}/$errors/event_summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workflow's recent error events
         * @description Spec endpoint 1. Returns up to the last 100 events of the workflow that threw an error, with
         *     error details and the original event data, newest first. An `original_event` whose JSON
         *     text exceeds 1 KB is replaced by a truncation marker (`TruncatedEvent`) unless
         *     `expand=event` is passed.
         */
        get: operations["getWorkflowErrorEventSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Subscribe a listener to an emitter's events (companion)
         * @description Companion endpoint (not in the spec): the spec refers to the subscription-creation endpoint without
         *     showing it. Takes the same parameters as `DELETE /subscriptions`. The emitter is a workflow
         *     or source of the caller's world, or a glob (`p_*` all workflows, `dc_*` all sources); the
         *     listener is a workflow, source or webhook of the caller's world. Creating an existing
         *     (emitter, listener, event_name) triple answers the existing subscription.
         */
        post: operations["createSubscription"];
        /**
         * Delete a subscription
         * @description Spec endpoint 2. Deletes the subscription identified by (emitter_id, listener_id,
         *     event_name): the same parameters as the endpoint that creates subscriptions. The triple must
         *     exist (404 otherwise). The request may carry `Content-Type: application/json`; there is no body.
         */
        delete: operations["deleteSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auto_subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event stream of every future workflow and source to a listener
         * @description Spec endpoint 3. Automatically delivers the events of a stream (`$errors` or `$logs`) to the
         *     listener from workflows and sources created after the call. Existing workflows and sources
         *     are not covered; they need subscriptions created with `POST /subscriptions`. Available
         *     through the API only. The request may carry `Content-Type: application/json`; there is no body.
         */
        post: operations["createAutoSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orgs/{org_id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's event sources
         * @description Spec endpoint 4. Lists the event sources of a workspace, one cursor page at a time.
         */
        get: operations["listWorkspaceSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the authenticated user
         * @description Spec endpoint 5. The authenticated user with daily quotas, usage and workspaces. **User API
         *     keys only**: a workspace OAuth token (JWT form) is answered 403.
         */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/me/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the user's webhooks (companion)
         * @description Companion endpoint (not in the spec), so that webhooks created with `POST /webhooks` can be read back. Not paginated.
         */
        get: operations["listWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{org_id}/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workspace's subscriptions
         * @description Spec endpoint 6. Lists the subscriptions of a workspace. A subscription belongs to its
         *     emitter's workspace; subscriptions with a glob emitter (`p_*`, `dc_*`) belong to the user's
         *     first workspace. Not paginated.
         */
        get: operations["listWorkspaceSubscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workflow's ID (`p_` prefix).
                 * @example p_2BTbNZ9
                 */
                id: components["schemas"]["WorkflowId"];
            };
            cookie?: never;
        };
        /**
         * Get a workflow (companion)
         * @description Companion endpoint (not in the spec) to read a workflow back; same shape as the answer of `POST /workflows`.
         */
        get: operations["getWorkflow"];
        /**
         * Activate or deactivate a workflow
         * @description Spec endpoint 7. Updates only a workflow's activation status. **User API keys only**: a
         *     workspace OAuth token (JWT form) is answered 403. To change steps, triggers or connected
         *     accounts, create a new workflow instead. `org_id` must be the workflow's workspace (422
         *     otherwise).
         */
        put: operations["updateWorkflowActivation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces/{org_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a workspace's credit usage
         * @description Spec endpoint 8. The current credit usage of a workspace for the billing period.
         */
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a workflow
         * @description Spec endpoint 9. Creates a workflow in a project, optionally from a template. Each step is
         *     created from `{namespace, props}`; each trigger from `{props}`, its kind chosen by its props
         *     (`cron` or `interval_seconds`: timer; `email`: email; `component_id` or an app prop
         *     `{authProvisionId}`: event source; otherwise HTTP). With `settings.auto_deploy` true the
         *     workflow is created active. Unknown `org_id`, `project_id` or `template_id` is 422. **User
         *     API keys only**: a workspace OAuth token (JWT form) is answered 403.
         */
        post: operations["createWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a webhook
         * @description Spec endpoint 10. Creates a webhook that delivers events to a URL; route events to it with a
         *     subscription whose `listener_id` is the returned `wh_` ID. A URL without a protocol, with a
         *     protocol other than `http`/`https` or without a hostname is rejected with 400
         *     (`unsupported_url`). The request may carry `Content-Type: application/json`; there is no body.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook (companion)
         * @description Companion endpoint (not in the spec). Deletes the webhook and every subscription whose listener is that webhook.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/webhook": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a project environment's trigger webhook (companion)
         * @description Companion endpoint (not in the spec; `projectEnvironment.retrieveWebhook` of the SDK). The
         *     environment's webhook without its signing key, which is shown only when saved first and when
         *     regenerated. 404 when the environment has no webhook (never set, or deleted).
         */
        get: operations["getProjectWebhook"];
        /**
         * Set a project environment's trigger-webhook URL
         * @description Spec endpoint 11. Sets the trigger-webhook URL of one environment of a project. Deliveries of
         *     the project's triggers go to this URL unless a trigger has its own webhook URL (the
         *     trigger-level URL takes precedence). The answer carries the signing key that validates
         *     `x-pd-signature` only when the environment's webhook is first saved (and after a deletion,
         *     saved anew); afterwards `signing_key_set` is true and the key is never shown again except by
         *     `POST .../webhook/regenerate_signing_key`.
         */
        put: operations["setProjectWebhook"];
        post?: never;
        /**
         * Delete a project environment's trigger webhook (companion)
         * @description Companion endpoint (`projectEnvironment.deleteWebhook` of the SDK). Removes the URL and its
         *     signing key: nothing is delivered to it afterwards, `GET` is 404, and saving a URL again
         *     shows a new key.
         */
        delete: operations["deleteProjectWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/webhook/regenerate_signing_key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regenerate a project environment's signing key (companion)
         * @description Companion endpoint (`projectEnvironment.regenerateWebhookSigningKey` of the SDK). Replaces
         *     the environment's signing key and shows the new one, once; the next delivery is signed with
         *     it. 404 when the environment has no webhook.
         */
        post: operations["regenerateProjectWebhookSigningKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a connect token (companion)
         * @description Companion endpoint (not in the spec). Creates a short-lived connect token for one end user. When
         *     `webhook_uri` is given, the service POSTs `CONNECTION_SUCCESS` or `CONNECTION_ERROR` to it
         *     when the connect flow ends (see the `connectionSuccess` and `connectionError` webhooks).
         *     The answer is not wrapped in `data`.
         */
        post: operations["createConnectToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/tokens/{ctok}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Validate a connect token (companion)
         * @description Companion endpoint (`tokens.validate` of the SDK). Whether a connect token can still start a
         *     connect flow: `success` true until it expires or its flow completes, else false with `error`.
         *     The token must belong to this world (404 otherwise).
         */
        get: operations["validateConnectToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connected accounts (companion)
         * @description Companion endpoint (`accounts.list` of the SDK, which pages with `after` = the previous
         *     `page_info.end_cursor` until it is empty). The project's accounts, oldest first, filtered by
         *     `external_user_id` and `app` (name slug or app ID), in the environment of `x-pd-environment`
         *     only. Credentials only with `include_credentials=true`.
         */
        get: operations["listConnectedAccounts"];
        put?: never;
        /**
         * Connect an account with a connect token (companion)
         * @description Companion endpoint (`accounts.create` of the SDK): connects a key-based account for the
         *     connect token's end user without the hosted flow. `cfmap_json` (a JSON object as text) holds
         *     the custom fields, which become the account's credentials, merged under an app override's
         *     `cfmap`. Finishes the token's connect flow as the hosted flow would: the token can no longer
         *     be used, and its `webhook_uri` gets `CONNECTION_SUCCESS` with the account. With `account_id`,
         *     that account of the same end user and app is reconnected (its credentials replaced) instead.
         *     The token must be one of this project's environment, not used and not expired, and the app
         *     one of the catalogue (422 otherwise).
         */
        post: operations["createConnectedAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/accounts/{account_id}": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The connected account's ID (`apn_` prefix).
                 * @example apn_Kx7mR2p
                 */
                account_id: components["schemas"]["AccountId"];
            };
            cookie?: never;
        };
        /**
         * Get a connected account (companion)
         * @description Companion endpoint (`accounts.retrieve` of the SDK): the spec says credentials are never in
         *     connection webhooks and are fetched with this endpoint using `account.id`. The answer is the
         *     account itself, not wrapped in `data`.
         */
        get: operations["getConnectedAccount"];
        put?: never;
        post?: never;
        /**
         * Delete a connected account (companion)
         * @description Companion endpoint (`accounts.delete` of the SDK). Removes the account; reading it afterwards is 404.
         */
        delete: operations["deleteConnectedAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/triggers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the trigger components that can be deployed (companion)
         * @description Companion endpoint (`triggers.list` of the SDK): a small fixed catalogue of trigger
         *     components, by key, filtered by `q` (in the key or name) and `app` (name slug).
         */
        get: operations["listTriggerComponents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/triggers/{component_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a trigger component by key (companion)
         * @description Companion endpoint (`triggers.retrieve` of the SDK). One component of the catalogue, by key.
         */
        get: operations["getTriggerComponent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/triggers/deploy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deploy a trigger for an end user (companion)
         * @description Companion endpoint (`triggers.deploy` of the SDK). Deploys a catalogue component (`id` is its
         *     key) for `external_user_id` in the environment of `x-pd-environment`, answering the deployed
         *     trigger (`dc_`). With `webhook_url`, the trigger gets a webhook of its own with its own
         *     signing key (in `webhook_signing_key`, shown once): its events go there, signed with that key,
         *     instead of to the project environment's URL (the spec: the trigger-level URL takes
         *     precedence). With `emit_on_deploy: true` the trigger emits one event at once.
         */
        post: operations["deployTrigger"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the apps of the catalogue (companion)
         * @description Companion endpoint (`apps.list` of the SDK): the apps an end user can connect, filtered by `q`
         *     (in the name or name slug, case-insensitive), `category_ids` (an app in any of them),
         *     `has_components`, `has_actions` and `has_triggers`, sorted by `sort_key` and `sort_direction`,
         *     paged by `limit`, `after` and `before`.
         */
        get: operations["listApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/apps/{app_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an app of the catalogue by name slug or ID (companion)
         * @description Companion endpoint (`apps.retrieve` of the SDK). One app, by its name slug (`github`) or its `oa_` ID.
         */
        get: operations["getApp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/app_categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the app categories (companion)
         * @description Companion endpoint (`appCategories.list` of the SDK). Every category of the catalogue, by name, not paged.
         */
        get: operations["listAppCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/app_categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an app category (companion)
         * @description Companion endpoint (`appCategories.retrieve` of the SDK). One category by its ID.
         */
        get: operations["getAppCategory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the actions and triggers of the catalogue (companion)
         * @description Companion endpoint (`components.list` of the SDK): the actions and triggers of the catalogue, the same in every world,
         *     filtered by `q` (in the key or name), `app` (name slug), `component_type`, in catalogue
         *     order, paged like the other lists.
         */
        get: operations["listComponents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/components/{component_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a component by key (companion)
         * @description Companion endpoint (`components.retrieve` of the SDK). One component of the catalogue by key; with `version`, only that version (the catalogue holds one per key).
         */
        get: operations["getComponent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/components/configure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the options of a prop of a component (companion)
         * @description Companion endpoint (`components.configureProp` of the SDK). The options of one prop for an end user: an
         *     `app` prop lists the user's accounts of that app; a prop with `remoteOptions` lists the
         *     app's resources once its app prop holds one of the user's accounts (ten a page, from `page`
         *     0, filtered by `query`); a prop with static options lists those. When there are none, `errors`
         *     says why (an unconfigured app prop, a prop without options).
         */
        post: operations["configureComponentProp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/components/props": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reload the props of a component from its configured values (companion)
         * @description Companion endpoint (`components.reloadProps` of the SDK). For a component with a `reloadProps` prop (a sheet,
         *     a table), the props it has once that prop holds a value: the static ones and the resource's
         *     columns, with the `dynamicProps.id` to pass as `dynamic_props_id`. A component without such
         *     a prop answers its props as they are.
         */
        post: operations["reloadComponentProps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the actions of the catalogue (companion)
         * @description Companion endpoint (`actions.list` of the SDK): the actions of the catalogue, the same in every world,
         *     filtered by `q` (in the key or name), `app` (name slug), in catalogue
         *     order, paged like the other lists.
         */
        get: operations["listActions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/actions/{component_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an action by key (companion)
         * @description Companion endpoint (`actions.retrieve` of the SDK). One component of the catalogue by key; with `version`, only that version (the catalogue holds one per key).
         */
        get: operations["getAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/actions/configure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the options of a prop of an action (companion)
         * @description Companion endpoint (`actions.configureProp` of the SDK). The options of one prop for an end user: an
         *     `app` prop lists the user's accounts of that app; a prop with `remoteOptions` lists the
         *     app's resources once its app prop holds one of the user's accounts (ten a page, from `page`
         *     0, filtered by `query`); a prop with static options lists those. When there are none, `errors`
         *     says why (an unconfigured app prop, a prop without options).
         */
        post: operations["configureActionProp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/actions/props": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reload the props of an action from its configured values (companion)
         * @description Companion endpoint (`actions.reloadProps` of the SDK). For a component with a `reloadProps` prop (a sheet,
         *     a table), the props it has once that prop holds a value: the static ones and the resource's
         *     columns, with the `dynamicProps.id` to pass as `dynamic_props_id`. A component without such
         *     a prop answers its props as they are.
         */
        post: operations["reloadActionProps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/actions/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an action for an end user (companion)
         * @description Companion endpoint (`actions.run` of the SDK). Runs a catalogue action with the configured
         *     props: each prop is checked against the component's props (required ones present, types,
         *     options, and each `app` prop an account of that app owned by `external_user_id` in this
         *     project and environment; with a `reloadProps` prop, the `dynamic_props_id` of its value).
         *     A run that passes answers deterministic `exports` with a `$summary` and a return value
         *     (`ret`); one that does not answers 200 with an `error`, an `error` observation and `ret:
         *     null`. Nothing leaves the machine.
         */
        post: operations["runAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/triggers/configure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List the options of a prop of a trigger (companion)
         * @description Companion endpoint (`triggers.configureProp` of the SDK). The options of one prop for an end user: an
         *     `app` prop lists the user's accounts of that app; a prop with `remoteOptions` lists the
         *     app's resources once its app prop holds one of the user's accounts (ten a page, from `page`
         *     0, filtered by `query`); a prop with static options lists those. When there are none, `errors`
         *     says why (an unconfigured app prop, a prop without options).
         */
        post: operations["configureTriggerProp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/triggers/props": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reload the props of a trigger from its configured values (companion)
         * @description Companion endpoint (`triggers.reloadProps` of the SDK). For a component with a `reloadProps` prop (a sheet,
         *     a table), the props it has once that prop holds a value: the static ones and the resource's
         *     columns, with the `dynamicProps.id` to pass as `dynamic_props_id`. A component without such
         *     a prop answers its props as they are.
         */
        post: operations["reloadTriggerProps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/file_stash/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file of the File Stash (companion)
         * @description Companion endpoint (`fileStash.downloadFile` of the SDK). The bytes of a file an action run
         *     with a `stash_id` wrote to `/tmp` and synced to the stash (`$filestash_uploads` of the run's
         *     exports names its `s3Key`), in the project and environment of that run; another key is 404.
         */
        get: operations["downloadStashFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/proxy/{url_64}": {
        parameters: {
            query: {
                /**
                 * @description The end user whose account the proxy acts with.
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ProxyExternalUserId"];
                /**
                 * @description The end user's connected account (`apn_`) whose credentials the proxy applies.
                 * @example apn_Kx7mR2p
                 */
                account_id: components["parameters"]["ProxyAccountId"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The upstream URL (or a path on the app's API), base64-encoded, as the SDK sends it.
                 * @example aHR0cHM6Ly9hcGkuZ2l0aHViLmNvbS91c2VyL3JlcG9z
                 */
                url_64: components["schemas"]["ProxyUrlId"];
            };
            cookie?: never;
        };
        /**
         * Send a GET through the Connect proxy (companion)
         * @description Companion endpoint (`proxy.get` of the SDK). What the service would send upstream with the end
         *     user's account, answered by the mock itself as an echo (no request leaves the machine): the
         *     method, the URL, the caller's `x-pd-proxy-*` headers without their prefix, and the name of the
         *     header the account's credentials go in (never its value). The URL must be on the app's domain.
         */
        get: operations["proxyGet"];
        /**
         * Send a PUT through the Connect proxy (companion)
         * @description Companion endpoint (`proxy.put` of the SDK); answered as `proxy.post` is.
         */
        put: operations["proxyPut"];
        /**
         * Send a POST through the Connect proxy (companion)
         * @description Companion endpoint (`proxy.post` of the SDK); answered as `proxy.get` is, with the JSON body echoed.
         */
        post: operations["proxyPost"];
        /**
         * Send a DELETE through the Connect proxy (companion)
         * @description Companion endpoint (`proxy.delete` of the SDK); answered as `proxy.get` is.
         */
        delete: operations["proxyDelete"];
        options?: never;
        head?: never;
        /**
         * Send a PATCH through the Connect proxy (companion)
         * @description Companion endpoint (`proxy.patch` of the SDK); answered as `proxy.post` is.
         */
        patch: operations["proxyPatch"];
        trace?: never;
    };
    "/connect/{project_id}/deployed-triggers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an end user's deployed triggers (companion)
         * @description Companion endpoint (`deployedTriggers.list` of the SDK). The deployed triggers of
         *     `external_user_id` in the project and the environment of `x-pd-environment`, oldest first.
         */
        get: operations["listDeployedTriggers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/deployed-triggers/{trigger_id}": {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a deployed trigger (companion)
         * @description Companion endpoint (`deployedTriggers.retrieve` of the SDK). 404 for another end user's or another environment's trigger, and after deletion.
         */
        get: operations["getDeployedTrigger"];
        /**
         * Update a deployed trigger (companion)
         * @description Companion endpoint (`deployedTriggers.update` of the SDK). Sets what the body names: `active`
         *     (an inactive trigger emits nothing: the control API's emit answers 422 until it is active
         *     again), `configured_props` (replaced whole), `name` and `emit_on_deploy`; `updated_at` moves.
         *     Answers the trigger as `GET` does.
         */
        put: operations["updateDeployedTrigger"];
        post?: never;
        /**
         * Delete a deployed trigger (companion)
         * @description Companion endpoint (`deployedTriggers.delete` of the SDK). The trigger and its webhooks are gone; it emits nothing and reads 404 afterwards.
         */
        delete: operations["deleteDeployedTrigger"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/deployed-triggers/{trigger_id}/events": {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        /**
         * The events a deployed trigger emitted, newest first (companion)
         * @description Companion endpoint (`deployedTriggers.listEvents` of the SDK). The `n` most recent events the
         *     trigger emitted (the control API's trigger emit, or `emit_on_deploy`), newest first; the mock keeps the last 100.
         */
        get: operations["listDeployedTriggerEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/deployed-triggers/{trigger_id}/pipelines": {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        /**
         * The workflows a deployed trigger's events go to (companion)
         * @description Companion endpoint (`deployedTriggers.listWorkflows` of the SDK). The workflows (`p_`) set with `PUT`, those deleted since left out.
         */
        get: operations["listDeployedTriggerWorkflows"];
        /**
         * Set the workflows a deployed trigger's events go to (companion)
         * @description Companion endpoint (`deployedTriggers.updateWorkflows` of the SDK). Replaces the list; each
         *     workflow must be one of this world's, in the project's workspace (422 otherwise). Answers as `GET`.
         */
        put: operations["setDeployedTriggerWorkflows"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks": {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a deployed trigger's webhooks (companion)
         * @description Companion endpoint (`deployedTriggers.listWebhooks` of the SDK). The trigger-level URLs and
         *     one webhook per URL, each with its own ID and signing key; `signing_key` is in the answer
         *     only for a workspace OAuth token.
         */
        get: operations["listDeployedTriggerWebhooks"];
        /**
         * Set a deployed trigger's webhook URLs (companion)
         * @description Companion endpoint (`deployedTriggers.updateWebhooks` of the SDK): the trigger-webhook update
         *     endpoint the spec refers to. Replaces the trigger-level webhook URLs of a deployed trigger
         *     (`dc_`); trigger-level URLs take precedence over the project environment's URL. A URL kept
         *     from before keeps its webhook ID and signing key; a new URL gets a new webhook with a key of
         *     its own. Answers as `GET`.
         */
        put: operations["setDeployedTriggerWebhooks"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one webhook of a deployed trigger, with its key (companion)
         * @description Companion endpoint (`deployedTriggers.retrieveWebhook` of the SDK). One trigger webhook with its signing key.
         */
        get: operations["getDeployedTriggerWebhook"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks/{webhook_id}/regenerate_signing_key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Regenerate a trigger webhook's signing key (companion)
         * @description Companion endpoint (`deployedTriggers.regenerateWebhookSigningKey` of the SDK). A new key for one trigger webhook; the next delivery to it is signed with the new key.
         */
        post: operations["regenerateDeployedTriggerWebhookSigningKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the Connect projects (companion)
         * @description Companion endpoint (`projects.list` of the SDK, which pages with `after` = the previous
         *     `page_info.end_cursor` until it is empty). Every project of the token's world, oldest first,
         *     filtered by `q` (in the name, case-insensitive). Not scoped to one project or environment.
         */
        get: operations["listProjects"];
        put?: never;
        /**
         * Create a Connect project (companion)
         * @description Companion endpoint (`projects.create` of the SDK). A new project (`proj_`) in the world's first
         *     workspace, with the environments `production` and `development`, no webhooks, accounts or
         *     triggers yet. The answer is the project itself, not wrapped in `data`.
         */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/projects/{project_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * Get a Connect project (companion)
         * @description Companion endpoint (`projects.retrieve` of the SDK). The project itself, not wrapped in `data`.
         */
        get: operations["getProject"];
        put?: never;
        post?: never;
        /**
         * Delete a Connect project and everything in it (companion)
         * @description Companion endpoint (`projects.delete` of the SDK). Deletes the project with what it holds:
         *     its environments' webhooks, connected accounts, connect tokens, deployed triggers, app
         *     overrides, and its workflows with the subscriptions from and to them. Reading it afterwards
         *     is 404.
         */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        /**
         * Update a Connect project (companion)
         * @description Companion endpoint (`projects.update` of the SDK). Changes the fields the body carries and
         *     keeps the others; `null` clears an optional field. Answers the project.
         */
        patch: operations["updateProject"];
        trace?: never;
    };
    "/connect/projects/{project_id}/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a Connect project's logo (companion)
         * @description Companion endpoint (`projects.updateLogo` of the SDK). The logo shown to end users in the
         *     connect flow, as a `data:` URL of a PNG, JPEG, GIF, WebP or SVG image in base64, at most
         *     about 512 KiB of text. The mock keeps it (the world summary of the control API says the
         *     project has one and how long it is).
         */
        post: operations["updateProjectLogo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/projects/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The apps a project's end users have connected (companion)
         * @description Companion endpoint (`projects.retrieveInfo` of the SDK). The distinct apps of the project's
         *     connected accounts in the environment of `x-pd-environment`, in the order they were first
         *     connected.
         */
        get: operations["getProjectInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a project's end users (companion)
         * @description Companion endpoint (`users.list` of the SDK, which pages with `after` = the previous
         *     `page_info.end_cursor`). The end users (`external_user_id`s) that own a connected account or
         *     a deployed trigger in the project and the environment of `x-pd-environment`, oldest first
         *     (by their first account or trigger), filtered by `q` (in the external ID). `created_at` is
         *     when the first of them was created, `updated_at` when the latest was.
         */
        get: operations["listExternalUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/users/{external_user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an end user and everything they own (companion)
         * @description Companion endpoint (`users.deleteExternalUser` of the SDK). Deletes the end user's connected
         *     accounts, deployed triggers (with their webhooks) and connect tokens in the project and the
         *     environment of `x-pd-environment`; they are no longer listed. 404 when the end user owns
         *     nothing there.
         */
        delete: operations["deleteExternalUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connect credit usage in a time window (companion)
         * @description Companion endpoint (`usage.list` of the SDK). One record per UTC day that overlaps
         *     `[start_ts, end_ts)` (UNIX seconds; at most 366 days), each clipped to the window: the
         *     credits the world's deployed triggers used by emitting (one credit per emitted event) in it,
         *     across every project. `end_ts` must be after `start_ts` (400 otherwise).
         */
        get: operations["listConnectUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/apps/{app_id}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete every account of one app (companion)
         * @description Companion endpoint (`accounts.deleteByApp` of the SDK). Deletes every connected account of
         *     the app (name slug or app ID) in the project and the environment of `x-pd-environment`,
         *     whoever the end user; 404 when there is none.
         */
        delete: operations["deleteAccountsByApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/users/{external_user_id}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List one end user's accounts (companion)
         * @description Companion endpoint (`accounts.listByExternalUser` of the SDK): the accounts list filtered by
         *     the end user in the path, as a bare array, oldest first, filtered by `app` (name slug or app
         *     ID); credentials only with `include_credentials=true`. An end user without accounts is `[]`.
         */
        get: operations["listAccountsByExternalUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/oauth_apps": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * List the workspace's OAuth apps (companion)
         * @description Companion endpoint (`oauthApps.list` of the SDK). The custom OAuth clients of the project's
         *     workspace, oldest first, filtered by `app` (name slug) and `q` (in the name), paginated like
         *     the sources list. Client secrets are never shown.
         */
        get: operations["listOauthApps"];
        put?: never;
        /**
         * Register a custom OAuth client for an app (companion)
         * @description Companion endpoint (`oauthApps.create` of the SDK). A custom OAuth client (`oa_`) of an app
         *     of the catalogue, owned by the project's workspace; its `client_secret` is kept and never
         *     shown. The answer is the OAuth app itself.
         */
        post: operations["createOauthApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/oauth_apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The OAuth app's ID (`oa_` prefix).
                 * @example oa_Xk29vTq
                 */
                id: components["schemas"]["AppId"];
            };
            cookie?: never;
        };
        /**
         * Get an OAuth app (companion)
         * @description Companion endpoint (`oauthApps.retrieve` of the SDK). 404 for another workspace's and after deletion.
         */
        get: operations["getOauthApp"];
        /**
         * Update an OAuth app (companion)
         * @description Companion endpoint (`oauthApps.update` of the SDK). Changes the fields the body carries; a new `client_secret` is kept and never shown.
         */
        put: operations["updateOauthApp"];
        post?: never;
        /**
         * Delete an OAuth app (companion)
         * @description Companion endpoint (`oauthApps.delete` of the SDK). App overrides that selected it no longer do.
         */
        delete: operations["deleteOauthApp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/app_overrides": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        /**
         * List the app overrides a project sees (companion)
         * @description Companion endpoint (`appOverrides.list` of the SDK). The project's own app overrides and
         *     those of its workspace (the service's docs: `owner_id` says which), oldest first, filtered by
         *     `app` (name slug), paginated like the sources list.
         */
        get: operations["listAppOverrides"];
        put?: never;
        /**
         * Create an app override (companion)
         * @description Companion endpoint (`appOverrides.create` of the SDK). Pre-defined custom-field values
         *     (`cfmap`) and optionally a custom OAuth client for one app, owned by the project. Names are
         *     unique per owner (422 for a taken one); `oauth_app_id` must be an OAuth app of the same app
         *     in the workspace (422 otherwise).
         */
        post: operations["createAppOverride"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connect/{project_id}/app_overrides/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The override's ID (16 hex digits).
                 * @example 5f3a9c2e7b1d4e60
                 */
                id: components["schemas"]["AppOverrideId"];
            };
            cookie?: never;
        };
        /**
         * Get an app override (companion)
         * @description Companion endpoint (`appOverrides.retrieve` of the SDK). The project's or its workspace's override; 404 otherwise.
         */
        get: operations["getAppOverride"];
        /**
         * Update an app override (companion)
         * @description Companion endpoint (`appOverrides.update` of the SDK). Changes the fields the body carries; `oauth_app_id` null unselects the OAuth app.
         */
        put: operations["updateAppOverride"];
        post?: never;
        /**
         * Delete an app override (companion)
         * @description Companion endpoint (`appOverrides.delete` of the SDK).
         */
        delete: operations["deleteAppOverride"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange client credentials for a workspace OAuth token (companion)
         * @description Companion endpoint (`oauthTokens.create` of the SDK, its default login: `new
         *     PipedreamClient({clientId, clientSecret, ...})`). The one operation called without a bearer.
         *     Answers a workspace OAuth token (JWT form) valid for `expires_in` seconds. Every token issued
         *     for one `client_id` is the same bearer, so it opens that client's world, and the SDK's
         *     automatic re-login keeps its data. The mock holds no OAuth clients: any non-empty
         *     `client_id` and `client_secret` are accepted.
         */
        post: operations["createOAuthToken"];
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
         * Create an event source (reference)
         * @description The reference's "Create a source" (`sources/create-a-source`). Deploys a component as a new
         *     source (`dc_`) in the caller's first workspace, from a saved component (`component_id`, one of
         *     this world's `sc_` IDs) or from code (`component_code` or `component_url`, which saves a new
         *     component first). One of the three is required; `component_id` wins when several are given.
         *     `name` defaults to the component's name slug (the last segment of `component_url` without its
         *     extension, else `source`). A `timer` prop given as `{intervalSeconds}` is answered as
         *     `{cron: null, interval_seconds}`, as the reference's example shows; an `http` prop is given its
         *     `endpoint_url`. **User API keys only**: a workspace OAuth token is answered 403.
         */
        post: operations["createSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The source's ID (`dc_` prefix).
                 * @example dc_Ow7gJ0a
                 */
                id: components["schemas"]["SourceId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Update an event source (reference)
         * @description The reference's "Update a source" (`sources/update-a-source`). Changes what the body names:
         *     `name` (and `name_slug` with it), `active`, `configured_props` (replaced whole) and the
         *     component (`component_id`, or new code). **User API keys only**: a workspace OAuth token is
         *     answered 403.
         */
        put: operations["updateSource"];
        post?: never;
        /**
         * Delete an event source (reference)
         * @description The reference's "Delete a source" (`sources/delete-a-source`). Removes the source from its
         *     workspace's list, with its events and the subscriptions it emits to or listens with.
         */
        delete: operations["deleteSource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources/{id}/event_summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a source's recent events (reference)
         * @description The reference's "Get source events" (`events/get-source-events`). Up to the last 100 events the
         *     source emitted, newest first; an event whose JSON text exceeds 1 KB is replaced by a
         *     truncation marker (`TruncatedEvent`) unless `expand=event` is passed.
         */
        get: operations["getSourceEventSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sources/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a source's events (reference)
         * @description The reference's "Delete source events" (`events/delete-source-events`). Deletes every event of
         *     the source, or those from `start_id` (included) on, up to `end_id` (included) when given; the
         *     same ID in both deletes one event. IDs are ordered by the time the event was emitted. The
         *     service deletes asynchronously and answers 202; the mock deletes before it answers.
         */
        delete: operations["deleteSourceEvents"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workflows/{workflow_id}/event_summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a workflow's emitted events (reference)
         * @description The reference's "Get workflow emits" (`workflows/get-workflows-emits`). Up to the last 100
         *     events the workflow emitted (`$.send.emit()`; in the mock, each successful run through its
         *     HTTP trigger's endpoint and each event the control API emits from it, on any stream but
         *     `$errors` and `$logs`), newest first; an event whose JSON text exceeds 1 KB is replaced by a
         *     truncation marker (`TruncatedEvent`) unless `expand=event` is passed.
         */
        get: operations["getWorkflowEmits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a workspace OAuth token (reference)
         * @description The reference's "Revoke an access token" (`oauth/revoke-an-access-token`). Called without a
         *     bearer, as the login is. Revokes `token` when it is the token this mock issued to
         *     `client_id`: from then on a request that carries it is answered 401, until the client logs
         *     in again (`POST /oauth/token` issues it again). A token the client was not issued is
         *     answered 200 too, and nothing is revoked. The mock holds no OAuth clients: any non-empty
         *     `client_secret` is accepted.
         */
        post: operations["revokeOAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the apps of the catalogue (reference)
         * @description The reference's "List apps" (`apps/list-apps`): the same catalogue `GET /connect/apps` reads,
         *     filtered by `q` (in the name or name slug, case-insensitive) and `has_components`,
         *     `has_actions`, `has_triggers` (`1` keeps the apps with them, `0` those without), sorted by
         *     name, paged by `limit`, `after` and `before`.
         */
        get: operations["listCatalogueApps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apps/{app_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one app of the catalogue (reference)
         * @description The reference's "Get an app" (`apps/get-an-app`): an app of the catalogue by its ID or its
         *     name slug, as `GET /connect/apps/{app_id}` reads it.
         */
        get: operations["getCatalogueApp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Save a component, the code of a source (reference)
         * @description The reference's "Create a component" (`components/create-a-component`): saves a component
         *     (`sc_`) from `component_code` or `component_url` (code wins when both are given), for
         *     `POST /sources` to deploy by its `component_id`. The mock runs no code: it reads `key`,
         *     `name` and `version` from the code, and a URL's component from the registry when the URL
         *     names one (`<app>/sources/<name>/<name>.ts` is the registry's `<app>-<name>`), else its file
         *     name. **User API keys only**: a workspace OAuth token is answered 403.
         */
        post: operations["createSavedComponent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/components/{key_or_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a saved component by ID or key (reference)
         * @description The reference's "Get a component" (`components/get-a-component`): a component saved in this
         *     world, by its `sc_` ID or its key (the newest saved with that key).
         */
        get: operations["getSavedComponent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/components/registry/{component_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a component of the public registry by key (reference)
         * @description The reference's registry read (its "Create an RSS source" example calls it): a component of the
         *     public registry, the catalogue `GET /connect/{project_id}/components` lists, by its key, with
         *     the props a source deployed from it takes.
         */
        get: operations["getRegistryComponent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    connectionSuccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * CONNECTION_SUCCESS, sent to a connect token's webhook_uri
         * @description Sent once to the `webhook_uri` of a connect token when the end user connected an account.
         *     Credentials are never in the payload; fetch them with `GET /connect/{project_id}/accounts/{account_id}`
         *     using `account.id`. Unsigned.
         */
        post: operations["receiveConnectionSuccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    connectionError: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * CONNECTION_ERROR, sent to a connect token's webhook_uri
         * @description Sent once to the `webhook_uri` of a connect token when the connect flow failed. Unsigned; same delivery policy as `connectionSuccess`.
         */
        post: operations["receiveConnectionError"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    triggerEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A deployed trigger's event, signed with x-pd-signature
         * @description Each event a deployed trigger emits is POSTed to the trigger-level webhook URL when one is
         *     set (`PUT /connect/{project_id}/deployed-triggers/{trigger_id}/webhooks`), else to the
         *     project environment's URL (`PUT /connect/{project_id}/webhook`).
         *
         *     **Signature.** Every delivery carries `x-pd-signature: t=<unix seconds>,v1=<hex digest>`.
         *     `v1` is the lowercase hex HMAC-SHA256, keyed with the signing key, of the string
         *     `<t>.<raw request body>` (the `t` value, a period, then the exact bytes of the body).
         *     A receiver recomputes the digest over the raw body (before any JSON parsing), compares it
         *     with `v1` using a constant-time comparison, rejects a `t` older than 300 seconds (replay
         *     window) and answers 401 on any mismatch. Every retry is re-signed with a fresh `t`.
         *
         *     The example delivery below is signed with the signing key
         *     `2e9b4f7a1c6d3e8b0f5a2c9d4e7b1f6a3c8d0e5b2f9a4c7d1e6b3f8a0c5d2e9b` over the compact JSON text of
         *     the example body (`JSON.stringify`), `t=1763798400`.
         */
        post: operations["receiveTriggerEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    subscriptionEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An event routed by a subscription to a webhook listener (wh_)
         * @description When an emitter emits an event on a stream that a subscription routes to a webhook object
         *     (`listener_id` with `wh_` prefix), the service POSTs it to the webhook's `url`. Unsigned (a
         *     webhook object has no signing key); same delivery policy as `triggerEvent`.
         */
        post: operations["receiveSubscriptionEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description A workflow (`p_`).
         * @example p_2BTbNZ9
         */
        WorkflowId: string;
        /**
         * @description An event source, i.e. a deployed component (`dc_`).
         * @example dc_Ow7gJ0a
         */
        SourceId: string;
        /**
         * @description A saved component (`sc_`).
         * @example sc_Pq3Wz7n
         */
        SavedComponentId: string;
        /**
         * @description A workflow step, i.e. a code cell (`c_`).
         * @example c_Vx8LqK2
         */
        StepId: string;
        /**
         * @description A webhook (`wh_`).
         * @example wh_Ka82Lm4
         */
        WebhookId: string;
        /**
         * @description A subscription (`sub_`).
         * @example sub_3Fh9QdZ
         */
        SubscriptionId: string;
        /**
         * @description A workspace, i.e. an organization (`o_`).
         * @example o_Lm3Xa8P
         */
        WorkspaceId: string;
        /**
         * @description A user (`u_`).
         * @example u_9QhTz2K
         */
        UserId: string;
        /**
         * @description A project (`proj_`).
         * @example proj_Zt4Wn8Q
         */
        ProjectId: string;
        /**
         * @description A shared workflow template (`tch_`).
         * @example tch_Bv5Rk1x
         */
        TemplateId: string;
        /**
         * @description An HTTP trigger (`hi_`).
         * @example hi_4kLm9Qz
         */
        HttpTriggerId: string;
        /**
         * @description A timer trigger (`ti_`).
         * @example ti_8PnX2aR
         */
        TimerTriggerId: string;
        /**
         * @description An email trigger (`ei_`).
         * @example ei_5ZtQw3B
         */
        EmailTriggerId: string;
        /**
         * @description A connected account, also called an auth provision (`apn_`).
         * @example apn_Kx7mR2p
         */
        AccountId: string;
        /**
         * @description A connect token (`ctok_`).
         * @example ctok_9f3a1c7e2b
         */
        ConnectTokenId: string;
        /**
         * @description An app (`oa_`).
         * @example oa_aw4ib2
         */
        AppId: string;
        /**
         * @description A deployment (`d_`).
         * @example d_Gg7Ts0P
         */
        DeploymentId: string;
        /**
         * @description What emits events - a workflow, a source, or the globs `p_*` (every workflow) and `dc_*` (every source).
         * @example p_2BTbNZ9
         * @example dc_*
         */
        EmitterId: components["schemas"]["WorkflowId"] | components["schemas"]["SourceId"] | ("p_*" | "dc_*");
        /**
         * @description What receives events - a workflow, a source or a webhook.
         * @example wh_Ka82Lm4
         */
        ListenerId: components["schemas"]["WorkflowId"] | components["schemas"]["SourceId"] | components["schemas"]["WebhookId"];
        /**
         * @description The concrete workflow or source that emitted an event (never a glob).
         * @example p_2BTbNZ9
         */
        EmittingResourceId: components["schemas"]["WorkflowId"] | components["schemas"]["SourceId"];
        /**
         * @description A point in time in UNIX seconds.
         * @example 1763798400
         */
        UnixSeconds: number;
        /**
         * @description `$errors`: errors thrown by workflows or sources; `$logs`: logs produced by event sources.
         * @enum {string}
         */
        EventStreamName: "$errors" | "$logs";
        /**
         * @description An absolute HTTP(S) URL: protocol `http` or `https` (lower case), then a host - a DNS name
         *     (labels of letters, digits and inner hyphens, the last one starting with a letter, no
         *     trailing dot), a dotted IPv4 address (0-255, no leading zeros) or a bracketed IPv6 address -
         *     optionally a port (0-65535), then a path, a query and a fragment of RFC 3986 characters
         *     (anything else percent-encoded). No user info (`user:pw@`), no spaces or control characters,
         *     no `_` in a host name; an internationalized host name is written in its `xn--` form. A URL
         *     that breaks the rule is refused with 400 `unsupported_url` (the pattern's `x-error-code`); an
         *     empty one is a missing value, 400 `bad_request`.
         * @example https://hooks.analytical.example/workflow-errors
         * @example http://127.0.0.1:8080/hook
         */
        WebhookUrl: string;
        /**
         * @description `t=<unix seconds>,v1=<64 lowercase hex digits of HMAC-SHA256>`.
         * @example t=1763798400,v1=00c7dca83e5f3c55cfddf406bac7b3f747c445d7f1ed97a834fd8fcce2a96f97
         */
        SignatureHeader: string;
        /** @description Routes events from an emitter to a listener, optionally per event stream. */
        Subscription: {
            id: components["schemas"]["SubscriptionId"];
            emitter_id: components["schemas"]["EmitterId"];
            listener_id: components["schemas"]["ListenerId"];
            /** @description Name of the event stream; the empty string when none was given at creation. */
            event_name: string;
        };
        /** @description Delivers routed events to an external HTTP(S) URL. */
        Webhook: {
            id: components["schemas"]["WebhookId"];
            user_id: components["schemas"]["UserId"];
            name: string | null;
            description: string | null;
            url: components["schemas"]["WebhookUrl"];
            active: boolean;
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
        };
        /**
         * @description Values of a component's configurable props, keyed by prop name. An app prop's value is an
         *     object holding `authProvisionId` (an `apn_` account); an HTTP source holds an `http` object
         *     with its `endpoint_url`.
         */
        ConfiguredProps: {
            http?: {
                endpoint_url?: string;
            };
        } & {
            [key: string]: components["schemas"]["PropValue"];
        };
        /** @description One prop's value; an app prop's value is an object holding `authProvisionId` (a connected account, `apn_`). */
        PropValue: ({
            authProvisionId?: components["schemas"]["AccountId"];
        } & {
            [key: string]: unknown;
        }) | string | number | boolean | unknown[] | null;
        /** @description A deployed component (`dc_`) that emits events. */
        EventSource: {
            id: components["schemas"]["SourceId"];
            component_id: components["schemas"]["SavedComponentId"];
            configured_props: components["schemas"]["ConfiguredProps"];
            active: boolean;
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
            name: string;
            name_slug: string;
            /** @description Present when the source is listed as a workflow trigger (the workflow's workspace). */
            owner_id?: components["schemas"]["WorkspaceId"];
            /** @description The user who created the source; present on sources created with `POST /sources` (the reference's example). */
            user_id?: components["schemas"]["UserId"];
        };
        /** @description Compute time per day, in milliseconds. */
        DailyComputeTimeMilliseconds: number;
        /** @description A count per day (invocations or credits). */
        DailyCount: number;
        /**
         * @description The authenticated user (answer of `GET /users/me`, under `data`): a free user's daily quotas and usage, or a paid
         *     user's billing period (the reference's "Free user" and "Paid user" examples; scenario `paid-user`).
         */
        User: {
            id: components["schemas"]["UserId"];
            username: string;
            /** Format: email */
            email: string;
            daily_compute_time_quota?: components["schemas"]["DailyComputeTimeMilliseconds"];
            daily_compute_time_used?: components["schemas"]["DailyComputeTimeMilliseconds"];
            daily_invocations_quota?: components["schemas"]["DailyCount"];
            daily_invocations_used?: components["schemas"]["DailyCount"];
            billing_period_start_ts?: components["schemas"]["UnixSeconds"];
            billing_period_end_ts?: components["schemas"]["UnixSeconds"];
            /** @description The credits the paid user used in the billing period. */
            billing_period_credits?: number;
            orgs: components["schemas"]["Workspace"][];
        };
        /** @description A workspace (organization). The compute-time and invocation counters are present for some workspaces only. */
        Workspace: {
            id: components["schemas"]["WorkspaceId"];
            name: string;
            orgname: string;
            /** Format: email */
            email: string;
            daily_credits_quota: components["schemas"]["DailyCount"];
            daily_credits_used: components["schemas"]["DailyCount"];
            daily_compute_time_quota?: components["schemas"]["DailyComputeTimeMilliseconds"];
            daily_compute_time_used?: components["schemas"]["DailyComputeTimeMilliseconds"];
            daily_invocations_quota?: components["schemas"]["DailyCount"];
            daily_invocations_used?: components["schemas"]["DailyCount"];
        };
        /** @description A workflow (answer of `POST /workflows`, under `data`). */
        Workflow: {
            id: components["schemas"]["WorkflowId"];
            name: string;
            active: boolean;
            steps: components["schemas"]["Step"][];
            triggers: components["schemas"]["Trigger"][];
        };
        /** @description `{data: Workflow}`, the answer of every workflow operation. */
        WorkflowResponse: {
            data: components["schemas"]["Workflow"];
        };
        /** @description A code step (cell) of a workflow. */
        Step: {
            id: components["schemas"]["StepId"];
            /** @description Value seen in the spec - `CodeCell`; other values are not shown. */
            type: string;
            /** @description The step's name. */
            namespace: string;
            disabled: boolean;
            code_raw: string | null;
            codeRaw: string | null;
            codeConfigJson: string | null;
            text_raw: string | null;
            flat_params_visibility_json: string | null;
            /** @description Values seen in the spec - `nodejs20.x`, `python3.12`; others are not shown. */
            lang: string;
            appConnections: unknown[];
            /** @description JSON text of the step's params. */
            params_json: string;
            component: boolean;
            savedComponent: components["schemas"]["SavedComponent"];
            component_key: string | null;
            component_owner_id: string | null;
            /** @description JSON text of the configured props. */
            configured_props_json: string | null;
            /** @description Prop name -> connected account (`apn_`) used by that app prop. */
            authProvisionIdMap: {
                [key: string]: components["schemas"]["AccountId"];
            };
            authProvisionIds: components["schemas"]["AccountId"][];
        };
        /** @description The component a step runs (`savedComponent` of a step). */
        SavedComponent: {
            id: components["schemas"]["SavedComponentId"];
            code: string;
            codeHash: string;
            configurableProps: components["schemas"]["ConfigurableProp"][];
            key: string | null;
            description: string | null;
            entryPath: string | null;
            version: string;
            apps: components["schemas"]["ComponentApp"][];
        };
        ConfigurableProp: {
            name: string;
            type: string;
            /** @description The app's name slug, for app-typed props. */
            app?: string;
        };
        ComponentApp: {
            /** @description The app's ID, `oa_` (the spec's prefix) or `app_` (the reference's create-a-workflow example, `app_1xohQx`). */
            appId: components["schemas"]["AppId"] | string;
            nameSlug: string;
            /** @description Value seen in the spec - `keys`; others are not shown. */
            authType: string;
        };
        /** @description One of the four trigger shapes, told apart by the prefix of `id` (`hi_`, `dc_`, `ti_`, `ei_`). */
        Trigger: components["schemas"]["HttpTrigger"] | components["schemas"]["EventSourceTrigger"] | components["schemas"]["TimerTrigger"] | components["schemas"]["EmailTrigger"];
        /**
         * @description A trigger that runs the workflow on each HTTP request to its endpoint.
         * @example {
         *       "id": "hi_4kLm9Qz",
         *       "key": "4kLm9Qz",
         *       "endpoint_url": "https://e4klm9qz.m.workflow-service.test",
         *       "custom_response": false,
         *       "created_at": 1763798400,
         *       "updated_at": 1763798400
         *     }
         */
        HttpTrigger: {
            id: components["schemas"]["HttpTriggerId"];
            key: string;
            endpoint_url: string;
            custom_response: boolean;
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
        };
        /**
         * @description An event source acting as the workflow's trigger.
         * @example {
         *       "id": "dc_Jx2Lk9P",
         *       "owner_id": "o_Lm3Xa8P",
         *       "component_id": "sc_Hn4Ty6U",
         *       "configured_props": {
         *         "github": {
         *           "authProvisionId": "apn_Kx7mR2p"
         *         },
         *         "repo": "analytical/engine"
         *       },
         *       "active": true,
         *       "created_at": 1763798400,
         *       "updated_at": 1763798400,
         *       "name": "New GitHub issue",
         *       "name_slug": "new-github-issue"
         *     }
         */
        EventSourceTrigger: {
            id: components["schemas"]["SourceId"];
            owner_id: components["schemas"]["WorkspaceId"];
            component_id: components["schemas"]["SavedComponentId"];
            configured_props: components["schemas"]["ConfiguredProps"];
            active: boolean;
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
            name: string;
            name_slug: string;
        };
        /**
         * @description A trigger that runs the workflow on a schedule (an interval or a cron expression).
         * @example {
         *       "id": "ti_8PnX2aR",
         *       "interval_seconds": 3600,
         *       "cron": null,
         *       "timezone": "UTC",
         *       "schedule_changed_at": 1763798400,
         *       "created_at": 1763798400,
         *       "updated_at": 1763798400
         *     }
         */
        TimerTrigger: {
            id: components["schemas"]["TimerTriggerId"];
            interval_seconds: number;
            cron: string | null;
            /** @description IANA time zone name. */
            timezone: string;
            schedule_changed_at: components["schemas"]["UnixSeconds"];
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
        };
        /**
         * @description A trigger that runs the workflow on each email sent to its address.
         * @example {
         *       "id": "ei_5ZtQw3B",
         *       "email_address": "em5ztqw3b@upload.workflow-service.test",
         *       "created_at": 1763798400,
         *       "updated_at": 1763798400
         *     }
         */
        EmailTrigger: {
            id: components["schemas"]["EmailTriggerId"];
            /** Format: email */
            email_address: string;
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
        };
        /** @description One recorded error event of a workflow. */
        WorkflowErrorEventSummary: {
            /** @description Cursor-like identifier; in the mock `<indexed_at_ms>-<sequence>`. */
            id: string;
            /** @description Milliseconds since the UNIX epoch. */
            indexed_at_ms: number;
            event: {
                /** @description The event that caused the error; a `TruncatedEvent` marker when its JSON text is over 1 KB and `expand=event` was not passed. */
                original_event: components["schemas"]["TruncatedEvent"] | {
                    [key: string]: unknown;
                };
                original_context: components["schemas"]["ErrorOriginalContext"];
                error: components["schemas"]["WorkflowError"];
                metadata: components["schemas"]["ErrorEventMetadata"];
            };
        };
        /** @description Stands in for an `original_event` whose JSON text is over 1024 bytes (UTF-8) when `expand=event` is not passed. */
        TruncatedEvent: {
            /** @constant */
            truncated: true;
            /** @description Size of the full event's JSON text in UTF-8 bytes. */
            size_bytes: number;
            /** @description The first 512 characters of the full event's JSON text. */
            preview: string;
        };
        /** @description Where and when the failing event was processed. */
        ErrorOriginalContext: {
            /** @description The event's ID (no prefix). */
            id: string;
            /** Format: date-time */
            ts: string;
            workflow_id: components["schemas"]["WorkflowId"];
            deployment_id: components["schemas"]["DeploymentId"];
            /** @description Values beyond those seen are not shown in the spec. */
            source_type: string;
            verified: boolean;
            owner_id: components["schemas"]["UserId"] | components["schemas"]["WorkspaceId"];
            platform_version: string;
        };
        /** @description The error a step threw. */
        WorkflowError: {
            /** @description Machine code, for example `InternalFailure`. */
            code: string;
            cellId: components["schemas"]["StepId"];
            /** Format: date-time */
            ts: string;
            stack: string;
        };
        ErrorEventMetadata: {
            emitter_id: components["schemas"]["WorkflowId"];
            emit_id: string;
            /** @constant */
            name: "$errors";
        };
        /** @description Position of a page in a list. Cursors are strings, the empty string on an empty page. */
        PageInfo: {
            total_count: number;
            count: number;
            start_cursor: string;
            end_cursor: string;
        };
        /** @description A connected account (`apn_`), as in connection webhooks and `GET /connect/{project_id}/accounts/{account_id}`. */
        ConnectedAccount: {
            id: components["schemas"]["AccountId"];
            name: string | null;
            /** @description The caller-side user identifier. */
            external_id: string;
            healthy: boolean;
            /** @description Null, or a value. */
            dead: boolean | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            app: components["schemas"]["ConnectApp"];
            /** @description Only with `include_credentials=true` on the account endpoint; never in webhooks. */
            credentials?: {
                [key: string]: unknown;
            };
            /** @description The OAuth scopes granted to the account (`Account` of the SDK; the reference's list-accounts page). */
            authorized_scopes?: string[];
            /**
             * Format: date-time
             * @description When the account's credentials expire (`Account` of the SDK; the reference's retrieve-account page).
             */
            expires_at?: string;
            /** @description Why the account is unhealthy or dead; null otherwise (`Account` of the SDK). */
            error?: string | null;
            /**
             * Format: date-time
             * @description When the account's credentials were last refreshed (`Account` of the SDK).
             */
            last_refreshed_at?: string;
            /**
             * Format: date-time
             * @description When the account's credentials will next be refreshed (`Account` of the SDK).
             */
            next_refresh_at?: string;
        };
        App: {
            /** @description The app's ID, `oa_` (the spec's prefix) or `app_`. */
            id: components["schemas"]["AppId"] | string;
            name_slug: string;
            name: string;
            /** @description Value seen in the spec - `oauth`; others are not shown. */
            auth_type: string;
            description: string;
            img_src: string;
            /** @description JSON text. */
            custom_fields_json: string;
            categories: string[];
            featured_weight: number;
            connect: components["schemas"]["AppConnect"];
        };
        AppConnect: {
            allowed_domains: string[];
            base_proxy_target_url: string;
            proxy_enabled: boolean;
        };
        /** @description Payload POSTed to a connect token's `webhook_uri` when an account was connected. */
        ConnectionSuccessEvent: {
            /** @constant */
            event: "CONNECTION_SUCCESS";
            connect_token: components["schemas"]["ConnectTokenId"];
            environment: string;
            /** @description A large number, written in exponent notation. */
            connect_session_id: number;
            account: components["schemas"]["ConnectionAccount"];
        };
        /** @description Payload POSTed to a connect token's `webhook_uri` when the connect flow failed. */
        ConnectionErrorEvent: {
            /** @constant */
            event: "CONNECTION_ERROR";
            connect_token: components["schemas"]["ConnectTokenId"];
            environment: string;
            connect_session_id: number;
            /** @description Human-readable error message. */
            error: string;
        };
        /**
         * @description A project environment (`ProjectEnvironment` of @pipedream/sdk 3.1.6).
         * @example production
         * @enum {string}
         */
        ProjectEnvironment: "development" | "production";
        CreateConnectTokenRequest: {
            /** @description Your identifier of the end user. */
            external_user_id: string;
            /** @description Where `CONNECTION_SUCCESS` / `CONNECTION_ERROR` is POSTed. */
            webhook_uri?: components["schemas"]["WebhookUrl"];
            allowed_origins?: string[];
            /** @description Seconds the token lives, at most 4 hours (the default). */
            expires_in?: number;
        };
        /** @description A connect token (not wrapped in `data`). */
        ConnectToken: {
            token: components["schemas"]["ConnectTokenId"];
            /**
             * Format: date-time
             * @description When the token stops working; a connect flow can no longer complete after it.
             */
            expires_at: string;
            connect_link_url: string;
        };
        /** @description The destination URL, as `url` (the SDK's field) or `webhook_url` (the spec's field); when both are given, `webhook_url` is used. */
        SetProjectWebhookRequest: {
            webhook_url?: components["schemas"]["WebhookUrl"];
            url?: components["schemas"]["WebhookUrl"];
        };
        /** @description A project environment's trigger webhook (`WebhookWithOptionalSigningKey` of the SDK); `signing_key` only when first saved. */
        ConnectWebhook: {
            id: components["schemas"]["WebhookId"];
            url: components["schemas"]["WebhookUrl"];
            /** @description Key for `x-pd-signature`; only in the answer that first saves the webhook, and from a regeneration. */
            signing_key?: string;
            /** @description Whether the webhook has a signing key (always true here). */
            signing_key_set: boolean;
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
        };
        /** @description A webhook with its signing key (`WebhookWithSigningKey` of the SDK). */
        ConnectWebhookWithSigningKey: {
            id: components["schemas"]["WebhookId"];
            url: components["schemas"]["WebhookUrl"];
            signing_key: string;
            signing_key_set: boolean;
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
        };
        /** @description What `deployedTriggers.update` changes (`UpdateTriggerOpts` of the SDK); a property left out keeps its value. */
        UpdateDeployedTriggerRequest: {
            active?: boolean;
            configured_props?: components["schemas"]["ConfiguredProps"];
            name?: string;
            emit_on_deploy?: boolean;
        };
        /** @description One event a deployed trigger emitted (`EmittedEvent` of the SDK). */
        EmittedEvent: {
            /** @description The event; one that is not a JSON object is `{value}`. */
            e: Record<string, never>;
            /** @description Its kind (`emit`). */
            k: string;
            /** @description When it was emitted, UNIX ms. */
            ts: number;
            id: string;
            sum?: string;
        };
        /** @description The workflows a deployed trigger's events go to (`GetTriggerWorkflowsResponse` / `UpdateTriggerWorkflowsOpts` of the SDK). */
        TriggerWorkflows: {
            workflow_ids: components["schemas"]["WorkflowId"][];
        };
        SetDeployedTriggerWebhooksRequest: {
            webhook_urls: components["schemas"]["WebhookUrl"][];
        };
        /** @description One trigger-level webhook (`TriggerWebhook` of the SDK), with its own ID and signing key. */
        TriggerWebhook: {
            id: components["schemas"]["WebhookId"];
            url: components["schemas"]["WebhookUrl"];
            /** @description Only for a workspace OAuth token. */
            signing_key?: string;
            signing_key_set: boolean;
        };
        /**
         * @description A deployed trigger's webhook URLs and webhooks (`GetTriggerWebhooksResponse` of the SDK, not wrapped in `data`),
         *     the answer of the list and of the update alike: the SDK's `updateWebhooks` returns this model, whose `webhooks`
         *     is optional, and the reference's update-trigger-webhooks page, whose example shows `webhook_urls` only, says
         *     the answer's `signing_key` (held by `webhooks` items alone) is for OAuth-authenticated requests. The mock sends both.
         */
        TriggerWebhooks: {
            webhook_urls: components["schemas"]["WebhookUrl"][];
            webhooks?: components["schemas"]["TriggerWebhook"][];
        };
        /**
         * @description A component's key, `<app>-<event>` (for example `github-new-issue`).
         * @example github-new-issue
         */
        ComponentKeyId: string;
        /** @description A trigger component that can be deployed (`Component` of the SDK). */
        TriggerComponent: {
            key: components["schemas"]["ComponentKeyId"];
            name: string;
            version: string;
            description?: string;
            /** @constant */
            component_type?: "trigger";
            configurable_props: components["schemas"]["ConfigurableProp"][];
        };
        /** @description A named set of OAuth scopes (`AppScopeProfilesItem` of the SDK); none for an app without OAuth. */
        AppScopeProfile: {
            /** @enum {string} */
            name: "read_only" | "read_write" | "admin";
            scopes: string[];
        };
        /**
         * @description An app's name slug (`github`) or its `oa_` ID, as `apps.retrieve` takes either.
         * @example github
         */
        AppSlugOrId: string;
        /**
         * @description A category's ID, its slug (`developer-tools`).
         * @example developer-tools
         */
        AppCategoryId: string;
        /** @description A category of apps (`AppCategory` of the SDK). */
        AppCategory: {
            id: components["schemas"]["AppCategoryId"];
            name: string;
            description: string;
        };
        /** @description An action or a trigger of the catalogue (`Component` of the SDK). */
        Component: {
            key: components["schemas"]["ComponentKeyId"];
            name: string;
            version: string;
            description?: string;
            /** @enum {string} */
            component_type: "action" | "trigger";
            configurable_props: components["schemas"]["ComponentProp"][];
            /**
             * @description `optional`: the action can write files to the file stash when run with a `stash_id`.
             * @enum {string}
             */
            stash?: "optional" | "required";
            annotations?: components["schemas"]["ToolAnnotations"];
        };
        /** @description Hints about what an action does (`ToolAnnotations` of the SDK). */
        ToolAnnotations: {
            destructiveHint?: boolean;
            idempotentHint?: boolean;
            openWorldHint?: boolean;
            readOnlyHint?: boolean;
            title?: string;
        };
        /**
         * @description One configurable prop of a component (`ConfigurableProp` of the SDK, whose flags are camelCase
         *     on the wire). `remoteOptions`: `configureProp` lists its values; `reloadProps`: choosing a value
         *     changes the component's props (`reloadProps` answers them as dynamic props).
         */
        ComponentProp: {
            name: string;
            /** @description `app`, `string`, `integer`, `boolean`, `string[]`, `object`, ... (the SDK's `ConfigurablePropBaseType`). */
            type: string;
            /** @description The app's name slug, for an `app` prop; its value is `{authProvisionId}` of an account of that app. */
            app?: string;
            label?: string;
            description?: string;
            optional?: boolean;
            disabled?: boolean;
            readOnly?: boolean;
            hidden?: boolean;
            remoteOptions?: boolean;
            useQuery?: boolean;
            reloadProps?: boolean;
            withLabel?: boolean;
            secret?: boolean;
            min?: number;
            max?: number;
            /** @description The value when the prop is not configured. */
            default?: unknown;
            options?: (components["schemas"]["PropOption"] | (string | number | boolean))[];
        };
        /** @description One option of a prop, with its label (`PropOption` of the SDK). */
        PropOption: {
            label: string;
            value: string | number | boolean;
        };
        /** @description A log line or an error of a configuration or a run (`Observation` of the SDK); `ts` in UNIX milliseconds. */
        Observation: {
            /** @description `log` or `error`. */
            k: string;
            msg?: string;
            ts: number;
            err?: {
                name?: string;
                message?: string;
                stack?: string;
            };
        };
        /** @description The body of `configureProp` (`ConfigurePropOpts` of the SDK). */
        ConfigurePropRequest: {
            id: components["schemas"]["ComponentKeyId"];
            version?: string;
            external_user_id: string;
            prop_name: string;
            blocking?: boolean;
            configured_props?: components["schemas"]["ConfiguredProps"];
            dynamic_props_id?: string;
            /** @description The page of options, from 0 (ten options a page). */
            page?: number;
            prev_context?: {
                [key: string]: unknown;
            };
            /** @description Only options whose label contains this text (case-insensitive). */
            query?: string;
        };
        /** @description The options of a prop (`ConfigurePropResponse` of the SDK); `errors` say why there are none. */
        ConfigurePropResponse: {
            options?: components["schemas"]["PropOption"][];
            /** @description The options as plain strings, for a prop whose options have no labels (camelCase on the wire, as the SDK's `ConfigurePropResponse` serializes it). */
            stringOptions?: string[] | null;
            observations?: components["schemas"]["Observation"][];
            /** @description `{page}` of the next page when there is one; pass it back as `prev_context` with that `page`. */
            context?: {
                [key: string]: unknown;
            } | null;
            errors?: string[];
        };
        /** @description The body of `reloadProps` (`ReloadPropsOpts` of the SDK). */
        ReloadPropsRequest: {
            id: components["schemas"]["ComponentKeyId"];
            version?: string;
            external_user_id: string;
            blocking?: boolean;
            configured_props?: components["schemas"]["ConfiguredProps"];
            dynamic_props_id?: string;
        };
        /** @description A component's props once its configured values are known (`ReloadPropsResponse` of the SDK). */
        ReloadPropsResponse: {
            observations?: components["schemas"]["Observation"][];
            errors?: string[];
            dynamicProps?: {
                /** @description Pass it as `dynamic_props_id` to `actions.run` or `triggers.deploy`. */
                id?: string;
                configurableProps?: components["schemas"]["ComponentProp"][];
            };
        };
        /** @description The body of `actions.run` (`RunActionOpts` of the SDK). */
        RunActionRequest: {
            id: components["schemas"]["ComponentKeyId"];
            version?: string;
            external_user_id: string;
            configured_props?: components["schemas"]["ConfiguredProps"];
            dynamic_props_id?: string;
            /** @description `NEW` or `true`: a new file stash for the run; a stash ID: that stash. */
            stash_id?: string | boolean;
        };
        /** @description What a run of an action answered (`RunActionResponse` of the SDK, and the `error` of the service's docs). */
        RunActionResponse: {
            /** @description What the run exported; `$summary` says what it did. */
            exports: {
                $summary?: string;
            } & {
                [key: string]: unknown;
            };
            os: components["schemas"]["Observation"][];
            /** @description The action's return value; null when the run failed. */
            ret: unknown;
            /** @description The file stash of the run, when one was asked for. */
            stash_id?: string;
            error?: {
                name: string;
                message: string;
                attribution: {
                    /** @enum {string} */
                    origin: "user" | "upstream" | "platform";
                };
                /** @description The props that did not pass. */
                props?: string[];
            };
        };
        /**
         * @description A URL or a path, base64-encoded (standard alphabet, padded, or base64url), as the SDK's `url64`.
         * @example aHR0cHM6Ly9hcGkuZ2l0aHViLmNvbS91c2VyL3JlcG9z
         */
        ProxyUrlId: string;
        /**
         * @description The mock's answer to a proxied request: what the service would have sent upstream. `headers`
         *     are the caller's `x-pd-proxy-*` headers without their prefix (names in lower case); `auth`
         *     names the header the account's credentials would go in, never their value.
         */
        ProxyEcho: {
            /** @constant */
            upstream: true;
            /** @enum {string} */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            url: string;
            headers: {
                [key: string]: string;
            };
            /** @description The JSON body sent upstream; null without one. */
            body: unknown;
            auth: {
                account_id: components["schemas"]["AccountId"];
                app: string;
                /** @description The header the account's credentials go in (`authorization` for most apps). */
                header: string;
            };
        };
        /** @description The body of `triggers.deploy` (`DeployTriggerOpts` of the SDK). */
        DeployTriggerRequest: {
            id: components["schemas"]["ComponentKeyId"];
            version?: string;
            external_user_id: string;
            configured_props?: components["schemas"]["ConfiguredProps"];
            dynamic_props_id?: string;
            workflow_id?: components["schemas"]["WorkflowId"];
            /** @description Where the trigger's events go, signed with the trigger webhook's own key. */
            webhook_url?: components["schemas"]["WebhookUrl"];
            /** @description `true`: the trigger emits one event at once. */
            emit_on_deploy?: boolean;
        };
        /**
         * @description A deployed trigger (`dc_`): the spec's event-source trigger shape with the fields of the SDK's
         *     `DeployedComponent`.
         */
        DeployedComponent: {
            id: components["schemas"]["SourceId"];
            owner_id: components["schemas"]["WorkspaceId"];
            component_id: components["schemas"]["SavedComponentId"];
            component_key?: components["schemas"]["ComponentKeyId"];
            configurable_props: components["schemas"]["ConfigurableProp"][];
            configured_props: components["schemas"]["ConfiguredProps"];
            active: boolean;
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
            name: string;
            name_slug: string;
            emit_on_deploy?: boolean;
            /** @description What the trigger's last webhook callback logged (`callbackObservations` of the SDK, typed `unknown`). */
            callback_observations?: unknown;
            /** @constant */
            type: "DeployedComponent";
            /** @description The signing key of the webhook given as `webhook_url` at deployment; only in the deploy answer. */
            webhook_signing_key?: string;
        };
        /** @description Whether a connect token can still start its flow (`ValidateTokenResponse` of the SDK, not wrapped in `data`). */
        ValidateTokenResponse: {
            success: boolean;
            /** @description Why the token cannot be used (expired, or its flow already completed). */
            error?: string;
            project_id?: components["schemas"]["ProjectId"];
            project_environment?: components["schemas"]["ProjectEnvironment"];
        };
        /** @description The client-credentials login (`CreateOAuthTokenOpts` of the SDK, plus the `grant_type` it adds). */
        CreateOAuthTokenRequest: {
            /** @enum {string} */
            grant_type: "client_credentials";
            client_id: string;
            client_secret: string;
            /** @description Space-separated scopes; accepted and not enforced by the mock. */
            scope?: string;
        };
        /** @description A workspace OAuth token (`CreateOAuthTokenResponse` of the SDK). */
        OAuthToken: {
            /** @description A bearer of the workspace OAuth kind (three dot-separated base64url segments). */
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /** @description Seconds until the token expires. */
            expires_in: number;
        };
        /** @description Body of a trigger-webhook delivery (signed with `x-pd-signature`). */
        TriggerWebhookDelivery: {
            /** @description Unique per emitted event; the same on every retry. */
            event_id: string;
            trigger_id: components["schemas"]["SourceId"];
            environment: string;
            emitted_at: components["schemas"]["UnixSeconds"];
            /** @description The event the trigger emitted, as emitted. */
            event: unknown;
        };
        /** @description Body POSTed to a webhook (`wh_`) listener for a routed event (unsigned). */
        SubscriptionDelivery: {
            emit_id: string;
            emitter_id: components["schemas"]["EmittingResourceId"];
            /** @description The stream the event was emitted on; the empty string for the default stream. */
            event_name: string;
            /** @description The event as emitted. */
            event: unknown;
        };
        /** @description Body of `POST /workflows`. */
        CreateWorkflowRequest: {
            project_id: components["schemas"]["ProjectId"];
            org_id: components["schemas"]["WorkspaceId"];
            template_id?: components["schemas"]["TemplateId"];
            steps?: {
                /** @description The step's name. */
                namespace: string;
                props?: components["schemas"]["ConfiguredProps"];
            }[];
            triggers?: {
                props?: components["schemas"]["ConfiguredProps"];
            }[];
            settings?: {
                name?: string;
                /** @description `true` deploys the workflow at once (created with `active` true). */
                auto_deploy?: boolean;
            };
        };
        /** @description A Connect project (the SDK's `Project`). */
        ConnectProject: {
            id: components["schemas"]["ProjectId"];
            name: string;
            /** @description The name of your app shown to end users in the connect flow. */
            app_name?: string;
            /** @description Where end users can reach you, shown in the connect flow. */
            support_email?: string;
            /** @description Whether key-based accounts are tested before they are saved. */
            connect_require_key_auth_test?: boolean;
        };
        CreateProjectRequest: {
            name: string;
            app_name?: string;
            support_email?: string;
            connect_require_key_auth_test?: boolean;
        };
        UpdateProjectRequest: {
            name?: string;
            app_name?: string | null;
            support_email?: string | null;
            connect_require_key_auth_test?: boolean | null;
        };
        UpdateProjectLogoRequest: {
            /** @description A base64 `data:` URL of a PNG, JPEG, GIF, WebP or SVG image. */
            logo: string;
        };
        /** @description The apps of a project (the SDK's `ProjectInfoResponse`, not wrapped in `data`). */
        ProjectInfo: {
            apps: {
                /** @description The app's ID, `oa_` or `app_`, as in an account's `app`. */
                id: components["schemas"]["AppId"] | string;
                name_slug: string;
            }[];
        };
        /**
         * @description Your identifier of an end user (the service's docs - at most 250 characters).
         * @example user-1043
         */
        ExternalUserId: string;
        /** @description An end user of a project (the SDK's `ExternalUser`). */
        ExternalUser: {
            /** @description The service's ID of the end user, `exu_` as on the reference's list-users page (`exu_abc123`). */
            id: string;
            external_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description Connect credits used in one window (the SDK's `ConnectUsage`). */
        ConnectUsage: {
            credits_used: number;
            action_run_credits_used: number;
            proxy_credits_used: number;
            source_emit_credits_used: number;
            /** @description UNIX seconds. */
            usage_start_ts: number;
            /** @description UNIX seconds. */
            usage_end_ts: number;
        };
        /**
         * @description An app as the Connect API answers it (the SDK's strict `App`): in the catalogue (`apps.list`,
         *     `apps.retrieve`) and inside an account, OAuth app or app override. With `scope_profiles`,
         *     without the `connect` object, which belongs to the connection-webhook payload (`App`).
         */
        ConnectApp: {
            /** @description The app's ID, `oa_` (the spec's prefix) or `app_` (the service's docs). */
            id: components["schemas"]["AppId"] | string;
            name_slug: string;
            name: string;
            /** @enum {string} */
            auth_type?: "keys" | "oauth" | "none";
            description: string;
            img_src: string;
            /** @description JSON text, the fields an end user fills in for a `keys` app (an empty list otherwise). */
            custom_fields_json: string;
            categories: string[];
            featured_weight: number;
            scope_profiles: components["schemas"]["AppScopeProfile"][];
        };
        /** @description The account in a `CONNECTION_SUCCESS` payload - the spec's shape, whose `app` carries `connect`. */
        ConnectionAccount: {
            id: components["schemas"]["AccountId"];
            name: string | null;
            external_id: string;
            healthy: boolean;
            dead: boolean | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            app: components["schemas"]["App"];
        };
        CreateAccountRequest: {
            app_slug: string;
            /** @description A JSON object as text, the account's custom fields. */
            cfmap_json: string;
            connect_token: components["schemas"]["ConnectTokenId"];
            name?: string;
            account_id?: components["schemas"]["AccountId"];
            app_override_id?: components["schemas"]["AppOverrideId"];
        };
        /** @description A custom OAuth client of an app (the SDK's `OauthApp`); its secret is never shown. */
        OauthApp: {
            id: components["schemas"]["AppId"];
            client_id: string;
            scopes: string[];
            additional_scopes: string[];
            redirect_uri: string;
            owner_id: components["schemas"]["WorkspaceId"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            name_slug: string;
            name: string;
            /** @enum {string} */
            auth_type: "keys" | "oauth" | "none";
            description: string;
            img_src: string;
            custom_fields_json: string;
            categories: string[];
            featured_weight: number;
            scope_profiles: components["schemas"]["AppScopeProfile"][];
        };
        CreateOauthAppRequest: {
            /** @description The app's name slug. */
            app: string;
            client_id: string;
            client_secret: string;
            name?: string;
            description?: string;
            scopes?: string[];
            additional_scopes?: string[];
        };
        UpdateOauthAppRequest: {
            name?: string;
            description?: string;
            client_id?: string;
            client_secret?: string;
            scopes?: string[];
            additional_scopes?: string[];
        };
        /**
         * @description An app override (16 hex digits).
         * @example 5f3a9c2e7b1d4e60
         */
        AppOverrideId: string;
        /** @description Pre-defined values for connecting one app (the SDK's `AppOverride`). */
        AppOverride: {
            id: components["schemas"]["AppOverrideId"];
            name: string;
            app: components["schemas"]["ConnectApp"];
            oauth_app_id?: components["schemas"]["AppId"];
            cfmap: {
                [key: string]: unknown;
            };
            /** @description The project (`proj_`) or workspace (`o_`) that owns it. */
            owner_id: components["schemas"]["ProjectId"] | components["schemas"]["WorkspaceId"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CreateAppOverrideRequest: {
            /** @description The app's name slug. */
            app: string;
            name: string;
            oauth_app_id?: components["schemas"]["AppId"];
            cfmap?: {
                [key: string]: unknown;
            };
        };
        UpdateAppOverrideRequest: {
            name?: string;
            oauth_app_id?: components["schemas"]["AppId"] | null;
            cfmap?: {
                [key: string]: unknown;
            };
        };
        /** @description The body of every 4xx/5xx answer. */
        Error: {
            /** @description Human-readable message. */
            error: string;
            /**
             * @description Machine code: `bad_request`, `unsupported_url`, `json_too_complex`, `unauthorized`, `forbidden_token_kind`,
             *     `not_found`, `method_not_allowed`, `payload_too_large`, `unsupported_media_type`,
             *     `unprocessable`, `rate_limited`, `collection_full` (429: a world already holds the most of a
             *     collection the mock lets the API create), `service_unavailable` (a live server may use others).
             */
            code?: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description What a source is made from (the reference's "Create a source"); one of `component_id`, `component_code` and `component_url` is required. */
        CreateSourceRequest: {
            component_id?: components["schemas"]["SavedComponentId"];
            /** @description The full code of a component. */
            component_code?: string;
            /** @description Where the component's code is hosted. */
            component_url?: string;
            name?: string;
            configured_props?: components["schemas"]["ConfiguredProps"];
        };
        /** @description What changes in a source (the reference's "Update a source"); every field is optional. */
        UpdateSourceRequest: {
            component_id?: components["schemas"]["SavedComponentId"];
            component_code?: string;
            component_url?: string;
            name?: string;
            /** @description `false` stops the source from emitting; `true` starts it again. */
            active?: boolean;
            configured_props?: components["schemas"]["ConfiguredProps"];
        };
        /**
         * @description An emitted event, `<indexed_at_ms>-<sequence>` (the reference's `1589486981597-0`); ordered by the time it was emitted.
         * @example 1589486981597-0
         */
        EmittedEventId: string;
        /** @description One event a workflow or source emitted (the reference's "Get workflow emits"). */
        EmittedEventSummary: {
            id: components["schemas"]["EmittedEventId"];
            /** @description Milliseconds since the UNIX epoch. */
            indexed_at_ms: number;
            /** @description The event as it was emitted; a `TruncatedEvent` marker when its JSON text is over 1 KB and `expand=event` was not passed. */
            event: components["schemas"]["TruncatedEvent"] | {
                [key: string]: unknown;
            };
            metadata: {
                emitter_id: components["schemas"]["EmittingResourceId"];
                emit_id: string;
                /** @description The stream it was emitted on; `''` for the default one. */
                name: string;
            };
        };
        EmittedEventPage: {
            page_info: components["schemas"]["PageInfo"];
            data: components["schemas"]["EmittedEventSummary"][];
        };
        /** @description A token to revoke and the client it was issued to (the reference's "Revoke an access token"). */
        RevokeOAuthTokenRequest: {
            /** @description The access token to revoke (not marked `x-secret`, which would redact every field named `token`, a connect token's too). */
            token: string;
            client_id: string;
            client_secret: string;
        };
        /**
         * @description A filter of the reference's List apps, `1` to keep (`0` to leave out) the apps that have the thing.
         * @enum {string}
         */
        AppFlag: "1" | "0" | "true" | "false";
        /** @description The code of a component to save (the reference's "Create a component"); one of the two is required. */
        CreateSavedComponentRequest: {
            /** @description The full code of a component. */
            component_code?: string;
            /** @description Where the component's code is hosted. */
            component_url?: string;
        };
        /**
         * @description A saved component's ID (`sc_`) or its key.
         * @example sc_JDi8EB
         */
        SavedComponentKeyOrId: components["schemas"]["SavedComponentId"] | components["schemas"]["ComponentKeyId"];
        /** @description A component as the REST API's reference shows it (Get a component), saved or of the registry. */
        RegistryComponent: {
            id: components["schemas"]["SavedComponentId"];
            key?: components["schemas"]["ComponentKeyId"];
            code: string;
            code_hash: string;
            name: string;
            version: string;
            configurable_props: components["schemas"]["ComponentProp"][];
            created_at: components["schemas"]["UnixSeconds"];
            updated_at: components["schemas"]["UnixSeconds"];
        };
    };
    responses: {
        /** @description Malformed or missing input - bad JSON, a missing or ill-typed parameter, an unsupported webhook URL, an undecodable cursor. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The bearer token is missing, empty or malformed. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The token kind is not accepted here (a workspace OAuth token on a user-API-key-only operation). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An ID in the path or query is unknown, or belongs to another world (token). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Well-formed input with invalid values - an ID inside the JSON body that does not exist in this world, or an enum value that is not allowed. */
        Unprocessable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Rate limited; retry after `Retry-After` seconds. */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description The workspace's ID (`o_` prefix).
         * @example o_Lm3Xa8P
         */
        OrgIdPath: components["schemas"]["WorkspaceId"];
        /**
         * @description The project's ID (`proj_` prefix).
         * @example proj_Zt4Wn8Q
         */
        ProjectIdPath: components["schemas"]["ProjectId"];
        /**
         * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
         * @example production
         */
        EnvironmentHeader: components["schemas"]["ProjectEnvironment"];
        /**
         * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
         * @example user-1043
         */
        ExternalUserIdQuery: string;
        /**
         * @description The deployed trigger's ID (`dc_` prefix).
         * @example dc_Jx2Lk9P
         */
        TriggerIdPath: components["schemas"]["SourceId"];
        /**
         * @description The trigger webhook's ID (`wh_` prefix).
         * @example wh_Tq6Hs2m
         */
        WebhookIdPath: components["schemas"]["WebhookId"];
        /**
         * @description The app's name slug or ID.
         * @example github
         */
        AppSlugOrIdPath: components["schemas"]["AppSlugOrId"];
        /**
         * @description `true` adds the `credentials` object to each account, except to an OAuth account in
         *     `production` connected through the service's OAuth client rather than the project's own,
         *     whose credentials are never returned.
         * @example true
         */
        IncludeCredentials: boolean;
        /**
         * @description Workflow (`p_`) or source (`dc_`) that emits, or a glob - `p_*` (all workflows), `dc_*` (all sources).
         * @example p_2BTbNZ9
         */
        EmitterIdQuery: components["schemas"]["EmitterId"];
        /**
         * @description Workflow (`p_`), source (`dc_`) or webhook (`wh_`) that receives the events.
         * @example wh_Ka82Lm4
         */
        ListenerIdQuery: components["schemas"]["ListenerId"];
        /**
         * @description Event stream name, for example `$errors` or `$logs`; missing or empty means the emitter's default stream.
         * @example $errors
         */
        EventNameQuery: string;
        /**
         * @description Page size.
         * @example 50
         */
        Limit: number;
        /**
         * @description Opaque cursor; answers the items after it (pass the previous page's `end_cursor`).
         * @example ZGNfT3c3Z0owYQ
         */
        After: string;
        /**
         * @description Opaque cursor; answers the items before it (pass the next page's `start_cursor`).
         * @example ZGNfSngyTGs5UA
         */
        Before: string;
        /**
         * @description The end user whose account the proxy acts with.
         * @example user-1043
         */
        ProxyExternalUserId: string;
        /**
         * @description The end user's connected account (`apn_`) whose credentials the proxy applies.
         * @example apn_Kx7mR2p
         */
        ProxyAccountId: components["schemas"]["AccountId"];
        /**
         * @description `event` returns the full event data instead of data truncated above 1 KB.
         * @example event
         */
        ExpandEventQuery: "event";
        /**
         * @description Returns the last N events (newest first), 1-100.
         * @example 10
         */
        EventSummaryLimit: number;
        /**
         * @description `1`: only apps with an action or a trigger; `0`: only apps without.
         * @example 1
         */
        AppFlagHasComponents: components["schemas"]["AppFlag"];
        /**
         * @description `1`: only apps with an action; `0`: only apps without.
         * @example 1
         */
        AppFlagHasActions: components["schemas"]["AppFlag"];
        /**
         * @description `1`: only apps with a trigger; `0`: only apps without.
         * @example 1
         */
        AppFlagHasTriggers: components["schemas"]["AppFlag"];
    };
    requestBodies: never;
    headers: {
        /**
         * @description Seconds to wait before retrying.
         * @example 30
         */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getWorkflowErrorEventSummaries: {
        parameters: {
            query?: {
                /**
                 * @description `event` returns the full event data instead of data truncated above 1 KB.
                 * @example event
                 */
                expand?: "event";
                /**
                 * @description Returns the last N events (newest first).
                 * @example 20
                 */
                limit?: number;
            };
            header?: never;
            path: {
                /**
                 * @description The workflow's ID (`p_` prefix).
                 * @example p_2BTbNZ9
                 */
                workflow_id: components["schemas"]["WorkflowId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recorded error events, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["WorkflowErrorEventSummary"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSubscription: {
        parameters: {
            query: {
                /**
                 * @description Workflow (`p_`) or source (`dc_`) that emits, or a glob - `p_*` (all workflows), `dc_*` (all sources).
                 * @example p_2BTbNZ9
                 */
                emitter_id: components["parameters"]["EmitterIdQuery"];
                /**
                 * @description Workflow (`p_`), source (`dc_`) or webhook (`wh_`) that receives the events.
                 * @example wh_Ka82Lm4
                 */
                listener_id: components["parameters"]["ListenerIdQuery"];
                /**
                 * @description Event stream name, for example `$errors` or `$logs`; missing or empty means the emitter's default stream.
                 * @example $errors
                 */
                event_name?: components["parameters"]["EventNameQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription (new, or the existing one for the same triple). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Subscription"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSubscription: {
        parameters: {
            query: {
                /**
                 * @description Workflow (`p_`) or source (`dc_`) that emits, or a glob - `p_*` (all workflows), `dc_*` (all sources).
                 * @example p_2BTbNZ9
                 */
                emitter_id: components["parameters"]["EmitterIdQuery"];
                /**
                 * @description Workflow (`p_`), source (`dc_`) or webhook (`wh_`) that receives the events.
                 * @example wh_Ka82Lm4
                 */
                listener_id: components["parameters"]["ListenerIdQuery"];
                /**
                 * @description Event stream name, for example `$errors` or `$logs`; missing or empty means the emitter's default stream.
                 * @example $errors
                 */
                event_name?: components["parameters"]["EventNameQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription was deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createAutoSubscription: {
        parameters: {
            query: {
                /**
                 * @description The stream to deliver; `$errors` (errors thrown by workflows or sources) or `$logs` (logs produced by event sources).
                 * @example $errors
                 */
                event_name: components["schemas"]["EventStreamName"];
                /**
                 * @description The workflow, source or webhook that receives the events.
                 * @example wh_Ka82Lm4
                 */
                listener_id: components["schemas"]["ListenerId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The auto-subscription is in place. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWorkspaceSources: {
        parameters: {
            query?: {
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor; answers the items after it (pass the previous page's `end_cursor`).
                 * @example ZGNfT3c3Z0owYQ
                 */
                after?: components["parameters"]["After"];
                /**
                 * @description Opaque cursor; answers the items before it (pass the next page's `start_cursor`).
                 * @example ZGNfSngyTGs5UA
                 */
                before?: components["parameters"]["Before"];
            };
            header?: never;
            path: {
                /**
                 * @description The workspace's ID (`o_` prefix).
                 * @example o_Lm3Xa8P
                 */
                org_id: components["parameters"]["OrgIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of event sources. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["EventSource"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The authenticated user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every webhook of the authenticated user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listWorkspaceSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workspace's ID (`o_` prefix).
                 * @example o_Lm3Xa8P
                 */
                org_id: components["parameters"]["OrgIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every subscription of the workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Subscription"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workflow's ID (`p_` prefix).
                 * @example p_2BTbNZ9
                 */
                id: components["schemas"]["WorkflowId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateWorkflowActivation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workflow's ID (`p_` prefix).
                 * @example p_2BTbNZ9
                 */
                id: components["schemas"]["WorkflowId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `true` activates, `false` deactivates. */
                    active: boolean;
                    org_id: components["schemas"]["WorkspaceId"];
                };
            };
        };
        responses: {
            /** @description The workflow with its new activation status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workspace's ID (`o_` prefix).
                 * @example o_Lm3Xa8P
                 */
                org_id: components["parameters"]["OrgIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Workspace"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWorkflowRequest"];
            };
        };
        responses: {
            /** @description The new workflow. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createWebhook: {
        parameters: {
            query: {
                /**
                 * @description Delivery target; protocol `http` or `https` and a hostname, optionally a port and a path.
                 * @example https://hooks.analytical.example/workflow-errors
                 */
                url: components["schemas"]["WebhookUrl"];
                /**
                 * @description Shown when listing webhooks.
                 * @example Error alerts
                 */
                name: string;
                /**
                 * @description Free text describing the webhook.
                 * @example Forwards workflow errors to the on-call service
                 */
                description: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new webhook, active. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook's ID (`wh_` prefix).
                 * @example wh_Ka82Lm4
                 */
                id: components["schemas"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook and its subscriptions were deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getProjectWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The environment's webhook, without its key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectWebhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    setProjectWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetProjectWebhookRequest"];
            };
        };
        responses: {
            /** @description The environment's webhook; `signing_key` only when first saved. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectWebhook"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteProjectWebhook: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    regenerateProjectWebhookSigningKey: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook with its new key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectWebhookWithSigningKey"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createConnectToken: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateConnectTokenRequest"];
            };
        };
        responses: {
            /** @description The connect token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    validateConnectToken: {
        parameters: {
            query?: {
                /**
                 * @description The app the flow is for (name slug or ID); accepted and not checked.
                 * @example github
                 */
                app_id?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The connect token (`ctok_` prefix).
                 * @example ctok_9f3a1c7e2b
                 */
                ctok: components["schemas"]["ConnectTokenId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token's validity. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidateTokenResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listConnectedAccounts: {
        parameters: {
            query?: {
                /**
                 * @description Only this end user's accounts.
                 * @example user-1043
                 */
                external_user_id?: string;
                /**
                 * @description Only accounts of this app (name slug or `oa_` ID).
                 * @example github
                 */
                app?: string;
                /**
                 * @description `true` adds the `credentials` object to each account, except to an OAuth account in
                 *     `production` connected through the service's OAuth client rather than the project's own,
                 *     whose credentials are never returned.
                 * @example true
                 */
                include_credentials?: components["parameters"]["IncludeCredentials"];
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor; the accounts after it (pass the previous page's `end_cursor`; the SDK's pager does).
                 * @example YXBuX0t4N21SMnA
                 */
                after?: string;
                /**
                 * @description Opaque cursor; the accounts before it (pass the next page's `start_cursor`).
                 * @example YXBuX0t4N21SMnA
                 */
                before?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of accounts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["ConnectedAccount"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createConnectedAccount: {
        parameters: {
            query?: {
                /**
                 * @description The token's end user; another one is 422.
                 * @example user-1043
                 */
                external_user_id?: components["schemas"]["ExternalUserId"];
                /** @description Accepted as the SDK sends it; a key-based account uses no OAuth client. */
                oauth_app_id?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountRequest"];
            };
        };
        responses: {
            /** @description The connected account (without credentials). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectedAccount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getConnectedAccount: {
        parameters: {
            query?: {
                /**
                 * @description `true` adds the `credentials` object to each account, except to an OAuth account in
                 *     `production` connected through the service's OAuth client rather than the project's own,
                 *     whose credentials are never returned.
                 * @example true
                 */
                include_credentials?: components["parameters"]["IncludeCredentials"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The connected account's ID (`apn_` prefix).
                 * @example apn_Kx7mR2p
                 */
                account_id: components["schemas"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connected account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectedAccount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteConnectedAccount: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The connected account's ID (`apn_` prefix).
                 * @example apn_Kx7mR2p
                 */
                account_id: components["schemas"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listTriggerComponents: {
        parameters: {
            query?: {
                /**
                 * @description Only components whose key or name contains this text (case-insensitive).
                 * @example issue
                 */
                q?: string;
                /**
                 * @description Only components of this app (name slug).
                 * @example github
                 */
                app?: string;
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor; the components after it (pass the previous page's `end_cursor`; the SDK's pager does).
                 * @example Z2l0aHViLW5ldy1pc3N1ZQ
                 */
                after?: string;
                /**
                 * @description Opaque cursor; the components before it (pass the next page's `start_cursor`).
                 * @example Z2l0aHViLW5ldy1pc3N1ZQ
                 */
                before?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of trigger components. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["TriggerComponent"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTriggerComponent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The component's key.
                 * @example github-new-issue
                 */
                component_id: components["schemas"]["ComponentKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The component. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TriggerComponent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deployTrigger: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeployTriggerRequest"];
            };
        };
        responses: {
            /** @description The deployed trigger. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DeployedComponent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listApps: {
        parameters: {
            query?: {
                /**
                 * @description Only apps whose name or name slug contains this text (case-insensitive).
                 * @example git
                 */
                q?: string;
                /** @description Only apps in any of these categories (repeat the parameter for several). */
                category_ids?: components["schemas"]["AppCategoryId"][];
                /** @description `true`: only apps with an action or a trigger; `false`: only apps without. */
                has_components?: boolean;
                /** @description `true`: only apps with an action; `false`: only apps without. */
                has_actions?: boolean;
                /** @description `true`: only apps with a trigger; `false`: only apps without. */
                has_triggers?: boolean;
                /** @description The field the apps are sorted by (then by name slug). */
                sort_key?: "name" | "name_slug" | "featured_weight";
                /** @description Ascending or descending. */
                sort_direction?: "asc" | "desc";
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor; the apps after it (pass the previous page's `end_cursor`; the SDK's pager does). */
                after?: string;
                /** @description Opaque cursor; the apps before it (pass the next page's `start_cursor`). */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of apps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["ConnectApp"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's name slug or `oa_` ID.
                 * @example github
                 */
                app_id: components["schemas"]["AppSlugOrId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectApp"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listAppCategories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every category. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppCategory"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAppCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The category's ID (its slug).
                 * @example developer-tools
                 */
                id: components["schemas"]["AppCategoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The category. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppCategory"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listComponents: {
        parameters: {
            query?: {
                /** @description Only components whose key or name contains this text (case-insensitive). */
                q?: string;
                /**
                 * @description Only components of this app (name slug).
                 * @example github
                 */
                app?: string;
                /** @description `public` or `all`: the whole catalogue; `private`: the project's own components (none in the mock). */
                registry?: "public" | "private" | "all";
                /** @description Only actions or only triggers. */
                component_type?: "action" | "trigger";
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor; the components after it (pass the previous page's `end_cursor`; the SDK's pager does). */
                after?: string;
                /** @description Opaque cursor; the components before it (pass the next page's `start_cursor`). */
                before?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of components. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["Component"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getComponent: {
        parameters: {
            query?: {
                /** @description The component's version (SemVer); absent, the latest. */
                version?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The component's key.
                 * @example github-create-issue
                 */
                component_id: components["schemas"]["ComponentKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The component. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Component"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    configureComponentProp: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigurePropRequest"];
            };
        };
        responses: {
            /** @description The options, or why there are none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigurePropResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    reloadComponentProps: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReloadPropsRequest"];
            };
        };
        responses: {
            /** @description The props with their dynamic ones. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReloadPropsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listActions: {
        parameters: {
            query?: {
                /** @description Only components whose key or name contains this text (case-insensitive). */
                q?: string;
                /**
                 * @description Only components of this app (name slug).
                 * @example github
                 */
                app?: string;
                /** @description `public` or `all`: the whole catalogue; `private`: the project's own components (none in the mock). */
                registry?: "public" | "private" | "all";
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor; the components after it (pass the previous page's `end_cursor`; the SDK's pager does). */
                after?: string;
                /** @description Opaque cursor; the components before it (pass the next page's `start_cursor`). */
                before?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of components. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["Component"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAction: {
        parameters: {
            query?: {
                /** @description The component's version (SemVer); absent, the latest. */
                version?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The component's key.
                 * @example github-create-issue
                 */
                component_id: components["schemas"]["ComponentKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The component. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Component"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    configureActionProp: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigurePropRequest"];
            };
        };
        responses: {
            /** @description The options, or why there are none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigurePropResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    reloadActionProps: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReloadPropsRequest"];
            };
        };
        responses: {
            /** @description The props with their dynamic ones. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReloadPropsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    runAction: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunActionRequest"];
            };
        };
        responses: {
            /** @description The run: its exports, observations and return value, or its error. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunActionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    configureTriggerProp: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigurePropRequest"];
            };
        };
        responses: {
            /** @description The options, or why there are none. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigurePropResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    reloadTriggerProps: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReloadPropsRequest"];
            };
        };
        responses: {
            /** @description The props with their dynamic ones. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReloadPropsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    downloadStashFile: {
        parameters: {
            query: {
                /**
                 * @description The file's key, as `$filestash_uploads` names it.
                 * @example 1day/proj_Zt4Wn8Q/stash_1x2y3z/k4l5m6/u/report.pdf
                 */
                s3_key: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file's bytes. */
            200: {
                headers: {
                    /** @description `attachment` with the file's name. */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    proxyGet: {
        parameters: {
            query: {
                /**
                 * @description The end user whose account the proxy acts with.
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ProxyExternalUserId"];
                /**
                 * @description The end user's connected account (`apn_`) whose credentials the proxy applies.
                 * @example apn_Kx7mR2p
                 */
                account_id: components["parameters"]["ProxyAccountId"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The upstream URL (or a path on the app's API), base64-encoded, as the SDK sends it.
                 * @example aHR0cHM6Ly9hcGkuZ2l0aHViLmNvbS91c2VyL3JlcG9z
                 */
                url_64: components["schemas"]["ProxyUrlId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The echo of the request the service would have sent upstream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProxyEcho"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    proxyPut: {
        parameters: {
            query: {
                /**
                 * @description The end user whose account the proxy acts with.
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ProxyExternalUserId"];
                /**
                 * @description The end user's connected account (`apn_`) whose credentials the proxy applies.
                 * @example apn_Kx7mR2p
                 */
                account_id: components["parameters"]["ProxyAccountId"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The upstream URL (or a path on the app's API), base64-encoded, as the SDK sends it.
                 * @example aHR0cHM6Ly9hcGkuZ2l0aHViLmNvbS91c2VyL3JlcG9z
                 */
                url_64: components["schemas"]["ProxyUrlId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The echo of the request the service would have sent upstream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProxyEcho"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    proxyPost: {
        parameters: {
            query: {
                /**
                 * @description The end user whose account the proxy acts with.
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ProxyExternalUserId"];
                /**
                 * @description The end user's connected account (`apn_`) whose credentials the proxy applies.
                 * @example apn_Kx7mR2p
                 */
                account_id: components["parameters"]["ProxyAccountId"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The upstream URL (or a path on the app's API), base64-encoded, as the SDK sends it.
                 * @example aHR0cHM6Ly9hcGkuZ2l0aHViLmNvbS91c2VyL3JlcG9z
                 */
                url_64: components["schemas"]["ProxyUrlId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The echo of the request the service would have sent upstream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProxyEcho"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    proxyDelete: {
        parameters: {
            query: {
                /**
                 * @description The end user whose account the proxy acts with.
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ProxyExternalUserId"];
                /**
                 * @description The end user's connected account (`apn_`) whose credentials the proxy applies.
                 * @example apn_Kx7mR2p
                 */
                account_id: components["parameters"]["ProxyAccountId"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The upstream URL (or a path on the app's API), base64-encoded, as the SDK sends it.
                 * @example aHR0cHM6Ly9hcGkuZ2l0aHViLmNvbS91c2VyL3JlcG9z
                 */
                url_64: components["schemas"]["ProxyUrlId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The echo of the request the service would have sent upstream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProxyEcho"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    proxyPatch: {
        parameters: {
            query: {
                /**
                 * @description The end user whose account the proxy acts with.
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ProxyExternalUserId"];
                /**
                 * @description The end user's connected account (`apn_`) whose credentials the proxy applies.
                 * @example apn_Kx7mR2p
                 */
                account_id: components["parameters"]["ProxyAccountId"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The upstream URL (or a path on the app's API), base64-encoded, as the SDK sends it.
                 * @example aHR0cHM6Ly9hcGkuZ2l0aHViLmNvbS91c2VyL3JlcG9z
                 */
                url_64: components["schemas"]["ProxyUrlId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description The echo of the request the service would have sent upstream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProxyEcho"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listDeployedTriggers: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the triggers.
                 * @example user-1043
                 */
                external_user_id: string;
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Opaque cursor; the triggers after it (pass the previous page's `end_cursor`; the SDK's pager does).
                 * @example ZGNfSngyTGs5UA
                 */
                after?: string;
                /**
                 * @description Opaque cursor; the triggers before it (pass the next page's `start_cursor`).
                 * @example ZGNfSngyTGs5UA
                 */
                before?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deployed triggers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["DeployedComponent"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDeployedTrigger: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deployed trigger. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DeployedComponent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDeployedTrigger: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateDeployedTriggerRequest"];
            };
        };
        responses: {
            /** @description The updated trigger. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DeployedComponent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteDeployedTrigger: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listDeployedTriggerEvents: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
                /** @description How many of the newest events to answer. */
                n?: number;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newest events first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmittedEvent"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listDeployedTriggerWorkflows: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflows. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TriggerWorkflows"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    setDeployedTriggerWorkflows: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TriggerWorkflows"];
            };
        };
        responses: {
            /** @description The workflows now set. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TriggerWorkflows"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listDeployedTriggerWebhooks: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The trigger's webhooks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TriggerWebhooks"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    setDeployedTriggerWebhooks: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetDeployedTriggerWebhooksRequest"];
            };
        };
        responses: {
            /** @description The trigger's webhooks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TriggerWebhooks"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDeployedTriggerWebhook: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
                /**
                 * @description The trigger webhook's ID (`wh_` prefix).
                 * @example wh_Tq6Hs2m
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook with its key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectWebhookWithSigningKey"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    regenerateDeployedTriggerWebhookSigningKey: {
        parameters: {
            query: {
                /**
                 * @description The end user who owns the deployed trigger; another user's trigger is not found (404).
                 * @example user-1043
                 */
                external_user_id: components["parameters"]["ExternalUserIdQuery"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The deployed trigger's ID (`dc_` prefix).
                 * @example dc_Jx2Lk9P
                 */
                trigger_id: components["parameters"]["TriggerIdPath"];
                /**
                 * @description The trigger webhook's ID (`wh_` prefix).
                 * @example wh_Tq6Hs2m
                 */
                webhook_id: components["parameters"]["WebhookIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook with its new key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectWebhookWithSigningKey"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /**
                 * @description Only projects whose name contains this text (case-insensitive).
                 * @example analytical
                 */
                q?: string;
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor; the projects after it (pass the previous page's `end_cursor`). */
                after?: string;
                /** @description Opaque cursor; the projects before it (pass the next page's `start_cursor`). */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of projects. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["ConnectProject"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProjectRequest"];
            };
        };
        responses: {
            /** @description The new project. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectProject"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectProject"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProjectRequest"];
            };
        };
        responses: {
            /** @description The project as it is now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectProject"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateProjectLogo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProjectLogoRequest"];
            };
        };
        responses: {
            /** @description Saved. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getProjectInfo: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project's apps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectInfo"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listExternalUsers: {
        parameters: {
            query?: {
                /**
                 * @description Only end users whose external ID contains this text (case-insensitive).
                 * @example user-10
                 */
                q?: string;
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor; the end users after it (pass the previous page's `end_cursor`). */
                after?: string;
                /** @description Opaque cursor; the end users before it (pass the next page's `start_cursor`). */
                before?: string;
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of end users. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["ExternalUser"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteExternalUser: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description Your identifier of the end user.
                 * @example user-1043
                 */
                external_user_id: components["schemas"]["ExternalUserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listConnectUsage: {
        parameters: {
            query: {
                /**
                 * @description Start of the window, UNIX seconds (inclusive).
                 * @example 1763769600
                 */
                start_ts: number;
                /**
                 * @description End of the window, UNIX seconds (exclusive).
                 * @example 1763856000
                 */
                end_ts: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The usage records, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectUsage"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteAccountsByApp: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The app's name slug or ID.
                 * @example github
                 */
                app_id: components["parameters"]["AppSlugOrIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listAccountsByExternalUser: {
        parameters: {
            query?: {
                /**
                 * @description Only accounts of this app (name slug or `oa_` ID).
                 * @example github
                 */
                app?: string;
                /**
                 * @description `true` adds the `credentials` object to each account, except to an OAuth account in
                 *     `production` connected through the service's OAuth client rather than the project's own,
                 *     whose credentials are never returned.
                 * @example true
                 */
                include_credentials?: components["parameters"]["IncludeCredentials"];
            };
            header: {
                /**
                 * @description The project environment, `development` or `production`; a resource of the other environment is not found (404).
                 * @example production
                 */
                "x-pd-environment": components["parameters"]["EnvironmentHeader"];
            };
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description Your identifier of the end user.
                 * @example user-1043
                 */
                external_user_id: components["schemas"]["ExternalUserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The end user's accounts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectedAccount"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listOauthApps: {
        parameters: {
            query?: {
                /**
                 * @description Only OAuth apps of this app (name slug).
                 * @example github
                 */
                app?: string;
                /**
                 * @description Only OAuth apps whose name contains this text (case-insensitive).
                 * @example internal
                 */
                q?: string;
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor; the OAuth apps after it (pass the previous page's `end_cursor`). */
                after?: string;
                /** @description Opaque cursor; the OAuth apps before it (pass the next page's `start_cursor`). */
                before?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of OAuth apps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["OauthApp"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createOauthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOauthAppRequest"];
            };
        };
        responses: {
            /** @description The OAuth app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OauthApp"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getOauthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The OAuth app's ID (`oa_` prefix).
                 * @example oa_Xk29vTq
                 */
                id: components["schemas"]["AppId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OAuth app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OauthApp"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateOauthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The OAuth app's ID (`oa_` prefix).
                 * @example oa_Xk29vTq
                 */
                id: components["schemas"]["AppId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOauthAppRequest"];
            };
        };
        responses: {
            /** @description The OAuth app as it is now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OauthApp"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteOauthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The OAuth app's ID (`oa_` prefix).
                 * @example oa_Xk29vTq
                 */
                id: components["schemas"]["AppId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listAppOverrides: {
        parameters: {
            query?: {
                /**
                 * @description Only overrides of this app (name slug).
                 * @example github
                 */
                app?: string;
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor; the overrides after it (pass the previous page's `end_cursor`). */
                after?: string;
                /** @description Opaque cursor; the overrides before it (pass the next page's `start_cursor`). */
                before?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of app overrides. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["AppOverride"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createAppOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAppOverrideRequest"];
            };
        };
        responses: {
            /** @description The override. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppOverride"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getAppOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The override's ID (16 hex digits).
                 * @example 5f3a9c2e7b1d4e60
                 */
                id: components["schemas"]["AppOverrideId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The override. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppOverride"];
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateAppOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The override's ID (16 hex digits).
                 * @example 5f3a9c2e7b1d4e60
                 */
                id: components["schemas"]["AppOverrideId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAppOverrideRequest"];
            };
        };
        responses: {
            /** @description The override as it is now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppOverride"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteAppOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The project's ID (`proj_` prefix).
                 * @example proj_Zt4Wn8Q
                 */
                project_id: components["parameters"]["ProjectIdPath"];
                /**
                 * @description The override's ID (16 hex digits).
                 * @example 5f3a9c2e7b1d4e60
                 */
                id: components["schemas"]["AppOverrideId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOAuthTokenRequest"];
            };
        };
        responses: {
            /** @description The access token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSource: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSourceRequest"];
            };
        };
        responses: {
            /** @description The new source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EventSource"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The source's ID (`dc_` prefix).
                 * @example dc_Ow7gJ0a
                 */
                id: components["schemas"]["SourceId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSourceRequest"];
            };
        };
        responses: {
            /** @description The updated source. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EventSource"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The source's ID (`dc_` prefix).
                 * @example dc_Ow7gJ0a
                 */
                id: components["schemas"]["SourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source was deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSourceEventSummaries: {
        parameters: {
            query?: {
                /**
                 * @description `event` returns the full event data instead of data truncated above 1 KB.
                 * @example event
                 */
                expand?: components["parameters"]["ExpandEventQuery"];
                /**
                 * @description Returns the last N events (newest first), 1-100.
                 * @example 10
                 */
                limit?: components["parameters"]["EventSummaryLimit"];
            };
            header?: never;
            path: {
                /**
                 * @description The source's ID (`dc_` prefix).
                 * @example dc_Ow7gJ0a
                 */
                id: components["schemas"]["SourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The source's emitted events, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmittedEventPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteSourceEvents: {
        parameters: {
            query?: {
                /**
                 * @description The first event to delete (included).
                 * @example 1589486981598-0
                 */
                start_id?: components["schemas"]["EmittedEventId"];
                /**
                 * @description The last event to delete (included).
                 * @example 1589486981598-0
                 */
                end_id?: components["schemas"]["EmittedEventId"];
            };
            header?: never;
            path: {
                /**
                 * @description The source's ID (`dc_` prefix).
                 * @example dc_abc123
                 */
                id: components["schemas"]["SourceId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events are deleted (the service does it after answering). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getWorkflowEmits: {
        parameters: {
            query?: {
                /**
                 * @description `event` returns the full event data instead of data truncated above 1 KB.
                 * @example event
                 */
                expand?: components["parameters"]["ExpandEventQuery"];
                /**
                 * @description Returns the last N events (newest first), 1-100.
                 * @example 10
                 */
                limit?: components["parameters"]["EventSummaryLimit"];
            };
            header?: never;
            path: {
                /**
                 * @description The workflow's ID (`p_` prefix).
                 * @example p_abc123
                 */
                workflow_id: components["schemas"]["WorkflowId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow's emitted events, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmittedEventPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    revokeOAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevokeOAuthTokenRequest"];
            };
        };
        responses: {
            /** @description Revoked (or nothing to revoke); the body is empty. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            400: components["responses"]["BadRequest"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listCatalogueApps: {
        parameters: {
            query?: {
                /**
                 * @description Only apps whose name or name slug contains this text (case-insensitive).
                 * @example slack
                 */
                q?: string;
                /**
                 * @description `1`: only apps with an action or a trigger; `0`: only apps without.
                 * @example 1
                 */
                has_components?: components["parameters"]["AppFlagHasComponents"];
                /**
                 * @description `1`: only apps with an action; `0`: only apps without.
                 * @example 1
                 */
                has_actions?: components["parameters"]["AppFlagHasActions"];
                /**
                 * @description `1`: only apps with a trigger; `0`: only apps without.
                 * @example 1
                 */
                has_triggers?: components["parameters"]["AppFlagHasTriggers"];
                /**
                 * @description Page size.
                 * @example 50
                 */
                limit?: components["parameters"]["Limit"];
                /** @description Opaque cursor; the apps after it (pass the previous page's `end_cursor`). */
                after?: string;
                /** @description Opaque cursor; the apps before it (pass the next page's `start_cursor`). */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of apps. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_info: components["schemas"]["PageInfo"];
                        data: components["schemas"]["ConnectApp"][];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getCatalogueApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The app's name slug or ID.
                 * @example github
                 */
                app_id: components["parameters"]["AppSlugOrIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectApp"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createSavedComponent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateSavedComponentRequest"];
            };
        };
        responses: {
            /** @description The saved component. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RegistryComponent"];
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getSavedComponent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The saved component's ID (`sc_`) or key.
                 * @example sc_JDi8EB
                 */
                key_or_id: components["schemas"]["SavedComponentKeyOrId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The saved component. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RegistryComponent"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getRegistryComponent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The component's key (the reference's `{key}`; named as the Connect paths name a key).
                 * @example github-new-issue
                 */
                component_id: components["schemas"]["ComponentKeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The registry's component. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RegistryComponent"];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    receiveConnectionSuccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionSuccessEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx ends the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver refused the delivery; it is recorded as failed and not retried. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveConnectionError: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectionErrorEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx ends the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver refused the delivery; it is recorded as failed and not retried. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveTriggerEvent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description `t=<unix seconds>,v1=<64 lowercase hex>`; HMAC-SHA256 of `<t>.<raw body>` keyed with the signing key.
                 * @example t=1763798400,v1=00c7dca83e5f3c55cfddf406bac7b3f747c445d7f1ed97a834fd8fcce2a96f97
                 */
                "x-pd-signature": components["schemas"]["SignatureHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TriggerWebhookDelivery"];
            };
        };
        responses: {
            /** @description The signature is missing, malformed, older than 300 seconds or does not match; the delivery is not retried. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Received and the signature verified. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Other refusals; not retried. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveSubscriptionEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubscriptionDelivery"];
            };
        };
        responses: {
            /** @description Received. Any 2xx ends the delivery. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The receiver refused the delivery; it is recorded as failed and not retried. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

/** The operations under `paths`: what a server answers. */
export type PathOperationId = "getWorkflowErrorEventSummaries" | "createSubscription" | "deleteSubscription" | "createAutoSubscription" | "listWorkspaceSources" | "getCurrentUser" | "listWebhooks" | "listWorkspaceSubscriptions" | "getWorkflow" | "updateWorkflowActivation" | "getWorkspace" | "createWorkflow" | "createWebhook" | "deleteWebhook" | "getProjectWebhook" | "setProjectWebhook" | "deleteProjectWebhook" | "regenerateProjectWebhookSigningKey" | "createConnectToken" | "validateConnectToken" | "listConnectedAccounts" | "createConnectedAccount" | "getConnectedAccount" | "deleteConnectedAccount" | "listTriggerComponents" | "getTriggerComponent" | "deployTrigger" | "listApps" | "getApp" | "listAppCategories" | "getAppCategory" | "listComponents" | "getComponent" | "configureComponentProp" | "reloadComponentProps" | "listActions" | "getAction" | "configureActionProp" | "reloadActionProps" | "runAction" | "configureTriggerProp" | "reloadTriggerProps" | "downloadStashFile" | "proxyGet" | "proxyPut" | "proxyPost" | "proxyDelete" | "proxyPatch" | "listDeployedTriggers" | "getDeployedTrigger" | "updateDeployedTrigger" | "deleteDeployedTrigger" | "listDeployedTriggerEvents" | "listDeployedTriggerWorkflows" | "setDeployedTriggerWorkflows" | "listDeployedTriggerWebhooks" | "setDeployedTriggerWebhooks" | "getDeployedTriggerWebhook" | "regenerateDeployedTriggerWebhookSigningKey" | "listProjects" | "createProject" | "getProject" | "deleteProject" | "updateProject" | "updateProjectLogo" | "getProjectInfo" | "listExternalUsers" | "deleteExternalUser" | "listConnectUsage" | "deleteAccountsByApp" | "listAccountsByExternalUser" | "listOauthApps" | "createOauthApp" | "getOauthApp" | "updateOauthApp" | "deleteOauthApp" | "listAppOverrides" | "createAppOverride" | "getAppOverride" | "updateAppOverride" | "deleteAppOverride" | "createOAuthToken" | "createSource" | "updateSource" | "deleteSource" | "getSourceEventSummaries" | "deleteSourceEvents" | "getWorkflowEmits" | "revokeOAuthToken" | "listCatalogueApps" | "getCatalogueApp" | "createSavedComponent" | "getSavedComponent" | "getRegistryComponent";

/** Per operation and location, the parameters whose schema has a default (always present once validated). */
export interface ParameterDefaults {
    getWorkflowErrorEventSummaries: { query: "limit" };
    createSubscription: { query: "event_name" };
    deleteSubscription: { query: "event_name" };
    listWorkspaceSources: { query: "limit" };
    listConnectedAccounts: { query: "include_credentials" | "limit" };
    getConnectedAccount: { query: "include_credentials" };
    listTriggerComponents: { query: "limit" };
    listApps: { query: "sort_key" | "sort_direction" | "limit" };
    listComponents: { query: "limit" };
    listActions: { query: "limit" };
    listDeployedTriggers: { query: "limit" };
    listDeployedTriggerEvents: { query: "n" };
    listProjects: { query: "limit" };
    listExternalUsers: { query: "limit" };
    listAccountsByExternalUser: { query: "include_credentials" };
    listOauthApps: { query: "limit" };
    listAppOverrides: { query: "limit" };
    getSourceEventSummaries: { query: "limit" };
    getWorkflowEmits: { query: "limit" };
    listCatalogueApps: { query: "limit" };
}
