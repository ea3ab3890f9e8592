// GENERATED FILE — do not edit. The OpenAPI document as a module, so the browser, Node and tests share one parsed copy.
// Source: openapi/openapi.yaml. Regenerate with `npm run generate`; `npm test` fails when this file is stale.

// eslint-disable-next-line
export const document: Record<string, any> = {
  "openapi": "3.1.0",
  "info": {
    "title": "Workflow Automation Service REST API",
    "version": "1.0.0",
    "summary": "Workflows, event sources, subscriptions, webhooks, workspaces, the current user and Connect.",
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    },
    "description": "The REST interface of the Workflow Automation Service, version 1, as described by the service's\nspecification, completed with the choices this mock and contract kit makes where the\nspecification says \"not shown\". Every such choice is marked `x-assumed: true` and carries an\n`x-assumption` sentence; `openapi/ASSUMPTIONS.md` lists them all.\n\nThe kit built on this document: a stateful mock server and MSW handlers that answer exactly as\ndocumented here, `prism mock` on this file for a stateless double, generated TypeScript types\nwith a typed client, and contract suites that can run against the mock, Prism or a live server.\n\n## Base URL and versioning\nAll paths below are relative to the server URL, which carries the version segment `/v1`\n(for example `GET http://127.0.0.1:4010/v1/users/me`).\n\n## Authentication: two token kinds\nEvery request carries `Authorization: Bearer <token>`. A missing, empty or malformed bearer\n(not matching `^[A-Za-z0-9\\-._~+/]+=*$`, RFC 6750) is answered 401.\n* **Workspace OAuth token**: a bearer made of three dot-separated base64url segments (JWT form).\n* **User API key**: any other non-empty bearer.\n\n`PUT /workflows/{id}` accepts user API keys only; a workspace OAuth token is answered 403.\nAll other operations accept both kinds.\n\n## Errors\nEvery 4xx/5xx answer has the body `{\"error\": \"<human message>\", \"code\"?: \"<machine code>\",\n\"details\"?: {...}}` (schema `Error`). 400 malformed or missing input (bad JSON, missing or\nill-typed parameter, unsupported webhook URL), 401 authentication, 403 wrong token kind,\n404 unknown or foreign ID in the path or query, 405 known path with another method, 413 body\nover 1 MiB, 415 non-JSON body where JSON is required, 422 well-formed but invalid values (an ID\ninside a JSON body that does not exist, a wrong enum value), 429 rate limited (with\n`Retry-After`). Bad input is never a 500.\n\n## Pagination\n`GET /orgs/{org_id}/sources` takes `limit` (1-100, default 10) and the opaque cursors `after` and\n`before`; the answer carries `page_info = {total_count, count, start_cursor, end_cursor}`. On the\nlast page `end_cursor` is the last item's cursor and `after=end_cursor` answers an empty `data`.\n`GET /workflows/{workflow_id}/$errors/event_summaries` takes `limit` (1-100, default 100) and\nanswers newest first. The subscription and webhook lists are not paginated.\n\n## Outbound webhooks\nThe `webhooks` section documents what the service POSTs to your URLs: connection results\n(`CONNECTION_SUCCESS`, `CONNECTION_ERROR`), signed trigger-webhook deliveries (`x-pd-signature`)\nand subscription deliveries to `wh_` webhook listeners.\n"
  },
  "servers": [
    {
      "url": "http://127.0.0.1:4010/v1",
      "description": "The kit's stateful mock server (`npm start`)."
    },
    {
      "url": "{scheme}://{host}/v1",
      "description": "A live deployment of the service; `{host}` is the API host you were given.",
      "variables": {
        "scheme": {
          "enum": [
            "https",
            "http"
          ],
          "default": "https"
        },
        "host": {
          "default": "api.workflow-service.test",
          "description": "Host name (and optional port) of the live API."
        }
      }
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "Workflows",
      "description": "Workflows made of a trigger and code steps, their activation and their recorded errors."
    },
    {
      "name": "Event sources",
      "description": "Deployed components (`dc_`) that emit events."
    },
    {
      "name": "Subscriptions",
      "description": "Routes from an emitter (workflow or source) to a listener (workflow, source or webhook), and automatic subscriptions."
    },
    {
      "name": "Webhooks",
      "description": "Webhook objects (`wh_`) that deliver routed events to an external HTTP(S) URL."
    },
    {
      "name": "Workspaces",
      "description": "Workspaces (organizations, `o_`) with their credit quota and usage."
    },
    {
      "name": "Users",
      "description": "The authenticated user, with quotas and workspaces."
    },
    {
      "name": "Connect",
      "description": "Connected accounts, connect tokens and trigger webhooks of a project."
    },
    {
      "name": "Outbound webhooks",
      "description": "Requests the service sends to your URLs."
    }
  ],
  "paths": {
    "/workflows/{workflow_id}/$errors/event_summaries": {
      "get": {
        "operationId": "getWorkflowErrorEventSummaries",
        "tags": [
          "Workflows"
        ],
        "summary": "List a workflow's recent error events",
        "description": "Spec endpoint 1. Returns up to the last 100 events of the workflow that threw an error, with\nerror details and the original event data, newest first. An `original_event` whose JSON\ntext exceeds 1 KB is replaced by a truncation marker (`TruncatedEvent`) unless\n`expand=event` is passed.\n",
        "parameters": [
          {
            "name": "workflow_id",
            "in": "path",
            "required": true,
            "description": "The workflow's ID (`p_` prefix).",
            "schema": {
              "$ref": "#/components/schemas/WorkflowId"
            },
            "example": "p_2BTbNZ9"
          },
          {
            "name": "expand",
            "in": "query",
            "required": false,
            "description": "`event` returns the full event data instead of data truncated above 1 KB.",
            "schema": {
              "type": "string",
              "enum": [
                "event"
              ]
            },
            "example": "event"
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Returns the last N events (newest first).",
            "x-assumed": true,
            "x-assumption": "The spec gives no bounds for `limit`; we accept 1-100 (the endpoint's 100-event cap) with a default of 100 and answer 400 outside that range.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100,
              "default": 100
            },
            "example": 20
          }
        ],
        "responses": {
          "200": {
            "description": "The recorded error events, newest first.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "page_info",
                    "data"
                  ],
                  "properties": {
                    "page_info": {
                      "$ref": "#/components/schemas/PageInfo"
                    },
                    "data": {
                      "type": "array",
                      "maxItems": 100,
                      "items": {
                        "$ref": "#/components/schemas/WorkflowErrorEventSummary"
                      }
                    }
                  }
                },
                "examples": {
                  "recentErrors": {
                    "summary": "One recorded error, small event shown in full",
                    "value": {
                      "page_info": {
                        "total_count": 1,
                        "count": 1,
                        "start_cursor": "1763798400123-0",
                        "end_cursor": "1763798400123-0"
                      },
                      "data": [
                        {
                          "id": "1763798400123-0",
                          "indexed_at_ms": 1763798400123,
                          "event": {
                            "original_event": {
                              "method": "POST",
                              "path": "/",
                              "body": {
                                "issue": {
                                  "number": 1043,
                                  "title": "Engine stalls at step 7"
                                }
                              }
                            },
                            "original_context": {
                              "id": "2NpLbZ5rL1gF0kq9xY3mT7aWc4d",
                              "ts": "2025-11-22T08:00:00.123Z",
                              "workflow_id": "p_2BTbNZ9",
                              "deployment_id": "d_Gg7Ts0P",
                              "source_type": "COMPONENT",
                              "verified": false,
                              "owner_id": "u_9QhTz2K",
                              "platform_version": "3.52.1"
                            },
                            "error": {
                              "code": "InternalFailure",
                              "cellId": "c_Vx8LqK2",
                              "ts": "2025-11-22T08:00:00.456Z",
                              "stack": "Error: Request failed with status code 500\n    at send_message (file:///tmp/__pdg__/dist/code/index.mjs:12:11)"
                            },
                            "metadata": {
                              "emitter_id": "p_2BTbNZ9",
                              "emit_id": "2NpLbZ5rL1gF0kq9xY3mT7aWc4e",
                              "name": "$errors"
                            }
                          }
                        }
                      ]
                    }
                  },
                  "truncatedEvent": {
                    "summary": "A large event replaced by the truncation marker (no expand=event)",
                    "value": {
                      "page_info": {
                        "total_count": 1,
                        "count": 1,
                        "start_cursor": "1763798400987-0",
                        "end_cursor": "1763798400987-0"
                      },
                      "data": [
                        {
                          "id": "1763798400987-0",
                          "indexed_at_ms": 1763798400987,
                          "event": {
                            "original_event": {
                              "truncated": true,
                              "size_bytes": 4096,
                              "preview": "{\"method\":\"POST\",\"path\":\"/\",\"body\":{\"issue\":{\"number\":1044,\"title\":\"Attach the full log\",\"log\":\"step 1 ok; step 2 ok; step 3 ok"
                            },
                            "original_context": {
                              "id": "2NpLbZ5rL1gF0kq9xY3mT7aWc5f",
                              "ts": "2025-11-22T08:00:00.987Z",
                              "workflow_id": "p_2BTbNZ9",
                              "deployment_id": "d_Gg7Ts0P",
                              "source_type": "COMPONENT",
                              "verified": false,
                              "owner_id": "u_9QhTz2K",
                              "platform_version": "3.52.1"
                            },
                            "error": {
                              "code": "InternalFailure",
                              "cellId": "c_Vx8LqK2",
                              "ts": "2025-11-22T08:00:01.012Z",
                              "stack": "TypeError: Cannot read properties of undefined (reading 'title')\n    at send_message (file:///tmp/__pdg__/dist/code/index.mjs:8:30)"
                            },
                            "metadata": {
                              "emitter_id": "p_2BTbNZ9",
                              "emit_id": "2NpLbZ5rL1gF0kq9xY3mT7aWc5g",
                              "name": "$errors"
                            }
                          }
                        }
                      ]
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/subscriptions": {
      "post": {
        "operationId": "createSubscription",
        "tags": [
          "Subscriptions"
        ],
        "summary": "Subscribe a listener to an emitter's events (companion)",
        "description": "Companion endpoint (DESIGN §5): the spec refers to the subscription-creation endpoint without\nshowing it. Takes the same parameters as `DELETE /subscriptions`. The emitter is a workflow\nor source of the caller's world, or a glob (`p_*` all workflows, `dc_*` all sources); the\nlistener is a workflow, source or webhook of the caller's world. Creating an existing\n(emitter, listener, event_name) triple answers the existing subscription.\n",
        "x-assumed": true,
        "x-assumption": "The spec names a subscription-creation endpoint without its shape, so we assume POST /subscriptions with the DELETE's query parameters, answering 200 with `{data: Subscription}` and being idempotent per triple.",
        "parameters": [
          {
            "$ref": "#/components/parameters/EmitterIdQuery"
          },
          {
            "$ref": "#/components/parameters/ListenerIdQuery"
          },
          {
            "$ref": "#/components/parameters/EventNameQuery"
          }
        ],
        "responses": {
          "200": {
            "description": "The subscription (new, or the existing one for the same triple).",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "$ref": "#/components/schemas/Subscription"
                    }
                  }
                },
                "examples": {
                  "errorsToWebhook": {
                    "summary": "A workflow's errors routed to a webhook",
                    "value": {
                      "data": {
                        "id": "sub_3Fh9QdZ",
                        "emitter_id": "p_2BTbNZ9",
                        "listener_id": "wh_Ka82Lm4",
                        "event_name": "$errors"
                      }
                    }
                  },
                  "allSourcesToWorkflow": {
                    "summary": "Every source's default stream routed to a workflow (glob emitter, no event name)",
                    "value": {
                      "data": {
                        "id": "sub_8Wq2TxY",
                        "emitter_id": "dc_*",
                        "listener_id": "p_7HkRw2M",
                        "event_name": ""
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      },
      "delete": {
        "operationId": "deleteSubscription",
        "tags": [
          "Subscriptions"
        ],
        "summary": "Delete a subscription",
        "description": "Spec endpoint 2. Deletes the subscription identified by (emitter_id, listener_id,\nevent_name): the same parameters as the endpoint that creates subscriptions. The triple must\nexist (404 otherwise). The request may carry `Content-Type: application/json`; there is no body.\n",
        "x-assumed": true,
        "x-assumption": "The spec does not show the response, so we answer 204 with no body on success and 404 when no subscription has that triple.",
        "parameters": [
          {
            "$ref": "#/components/parameters/EmitterIdQuery"
          },
          {
            "$ref": "#/components/parameters/ListenerIdQuery"
          },
          {
            "$ref": "#/components/parameters/EventNameQuery"
          }
        ],
        "responses": {
          "204": {
            "description": "The subscription was deleted."
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/auto_subscriptions": {
      "post": {
        "operationId": "createAutoSubscription",
        "tags": [
          "Subscriptions"
        ],
        "summary": "Deliver an event stream of every future workflow and source to a listener",
        "description": "Spec endpoint 3. Automatically delivers the events of a stream (`$errors` or `$logs`) to the\nlistener from workflows and sources created after the call. Existing workflows and sources\nare not covered; they need subscriptions created with `POST /subscriptions`. Available\nthrough the API only. The request may carry `Content-Type: application/json`; there is no body.\n",
        "x-assumed": true,
        "x-assumption": "The spec does not show the response, so we answer 204 with no body on success.",
        "parameters": [
          {
            "name": "event_name",
            "in": "query",
            "required": true,
            "description": "The stream to deliver; `$errors` (errors thrown by workflows or sources) or `$logs` (logs produced by event sources).",
            "x-assumed": true,
            "x-assumption": "The spec marks neither parameter required, but an auto-subscription without a stream is meaningless, so we require `event_name` (400 when missing or not `$errors`/`$logs`).",
            "schema": {
              "$ref": "#/components/schemas/EventStreamName"
            },
            "example": "$errors"
          },
          {
            "name": "listener_id",
            "in": "query",
            "required": true,
            "description": "The workflow, source or webhook that receives the events.",
            "x-assumed": true,
            "x-assumption": "The spec marks neither parameter required, but an auto-subscription without a listener is meaningless, so we require `listener_id` (400 when missing, 404 when unknown).",
            "schema": {
              "$ref": "#/components/schemas/ListenerId"
            },
            "example": "wh_Ka82Lm4"
          }
        ],
        "responses": {
          "204": {
            "description": "The auto-subscription is in place."
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/orgs/{org_id}/sources": {
      "get": {
        "operationId": "listWorkspaceSources",
        "tags": [
          "Event sources"
        ],
        "summary": "List a workspace's event sources",
        "description": "Spec endpoint 4. Lists the event sources of a workspace, one cursor page at a time.",
        "parameters": [
          {
            "$ref": "#/components/parameters/OrgIdPath"
          },
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/After"
          },
          {
            "$ref": "#/components/parameters/Before"
          }
        ],
        "responses": {
          "200": {
            "description": "One page of event sources.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "page_info",
                    "data"
                  ],
                  "properties": {
                    "page_info": {
                      "$ref": "#/components/schemas/PageInfo"
                    },
                    "data": {
                      "type": "array",
                      "maxItems": 100,
                      "items": {
                        "$ref": "#/components/schemas/EventSource"
                      }
                    }
                  }
                },
                "examples": {
                  "lastPage": {
                    "summary": "A workspace with two sources, both on one page",
                    "value": {
                      "page_info": {
                        "total_count": 2,
                        "count": 2,
                        "start_cursor": "ZGNfT3c3Z0owYQ",
                        "end_cursor": "ZGNfSngyTGs5UA"
                      },
                      "data": [
                        {
                          "id": "dc_Ow7gJ0a",
                          "component_id": "sc_Hn4Ty6U",
                          "configured_props": {
                            "http": {
                              "endpoint_url": "https://eow7gj0a.m.workflow-service.test"
                            }
                          },
                          "active": true,
                          "created_at": 1763798400,
                          "updated_at": 1763798400,
                          "name": "Incoming order events",
                          "name_slug": "incoming-order-events"
                        },
                        {
                          "id": "dc_Jx2Lk9P",
                          "component_id": "sc_Pq3Wz7n",
                          "configured_props": {
                            "github": {
                              "authProvisionId": "apn_Kx7mR2p"
                            },
                            "repo": "analytical/engine"
                          },
                          "active": false,
                          "created_at": 1763712000,
                          "updated_at": 1763798400,
                          "name": "New GitHub issue",
                          "name_slug": "new-github-issue"
                        }
                      ]
                    }
                  },
                  "emptyPage": {
                    "summary": "The page after the last one",
                    "value": {
                      "page_info": {
                        "total_count": 2,
                        "count": 0,
                        "start_cursor": "",
                        "end_cursor": ""
                      },
                      "data": []
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/users/me": {
      "get": {
        "operationId": "getCurrentUser",
        "tags": [
          "Users"
        ],
        "summary": "Get the authenticated user",
        "description": "Spec endpoint 5. The authenticated user with daily quotas, usage and workspaces.",
        "responses": {
          "200": {
            "description": "The authenticated user.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "$ref": "#/components/schemas/User"
                    }
                  }
                },
                "examples": {
                  "userWithTwoWorkspaces": {
                    "summary": "A user who belongs to two workspaces",
                    "value": {
                      "data": {
                        "id": "u_9QhTz2K",
                        "username": "ada-lovelace",
                        "email": "ada@analytical.dev",
                        "daily_compute_time_quota": 1800,
                        "daily_compute_time_used": 312,
                        "daily_invocations_quota": 10000,
                        "daily_invocations_used": 1043,
                        "orgs": [
                          {
                            "id": "o_Lm3Xa8P",
                            "name": "Analytical Engines",
                            "orgname": "analytical-engines",
                            "email": "team@analytical.dev",
                            "daily_credits_quota": 1000,
                            "daily_credits_used": 215,
                            "daily_compute_time_quota": 3600,
                            "daily_compute_time_used": 840,
                            "daily_invocations_quota": 50000,
                            "daily_invocations_used": 4821
                          },
                          {
                            "id": "o_Rt6Yk1W",
                            "name": "Side Projects",
                            "orgname": "side-projects",
                            "email": "ada@analytical.dev",
                            "daily_credits_quota": 100,
                            "daily_credits_used": 0
                          }
                        ]
                      }
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/users/me/webhooks": {
      "get": {
        "operationId": "listWebhooks",
        "tags": [
          "Webhooks"
        ],
        "summary": "List the user's webhooks (companion)",
        "description": "Companion endpoint (DESIGN §5), so that webhooks created with `POST /webhooks` can be read back. Not paginated.",
        "x-assumed": true,
        "x-assumption": "The spec does not list webhooks, so we assume GET /users/me/webhooks answering 200 with `{data: [Webhook]}`, oldest first and not paginated.",
        "responses": {
          "200": {
            "description": "Every webhook of the authenticated user.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/Webhook"
                      }
                    }
                  }
                },
                "examples": {
                  "oneWebhook": {
                    "summary": "One webhook",
                    "value": {
                      "data": [
                        {
                          "id": "wh_Ka82Lm4",
                          "user_id": "u_9QhTz2K",
                          "name": "Error alerts",
                          "description": "Forwards workflow errors to the on-call service",
                          "url": "https://hooks.analytical.dev/workflow-errors",
                          "active": true,
                          "created_at": 1763798400,
                          "updated_at": 1763798400
                        }
                      ]
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/workspaces/{org_id}/subscriptions": {
      "get": {
        "operationId": "listWorkspaceSubscriptions",
        "tags": [
          "Subscriptions"
        ],
        "summary": "List a workspace's subscriptions",
        "description": "Spec endpoint 6. Lists the subscriptions of a workspace. A subscription belongs to its\nemitter's workspace; subscriptions with a glob emitter (`p_*`, `dc_*`) belong to the user's\nfirst workspace. Not paginated.\n",
        "x-assumed": true,
        "x-assumption": "The spec shows neither pagination nor ownership rules for this list, so we answer every subscription at once and attribute glob emitters to the user's first workspace.",
        "parameters": [
          {
            "$ref": "#/components/parameters/OrgIdPath"
          }
        ],
        "responses": {
          "200": {
            "description": "Every subscription of the workspace.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/Subscription"
                      }
                    }
                  }
                },
                "examples": {
                  "twoSubscriptions": {
                    "summary": "Two subscriptions, one with a glob emitter",
                    "value": {
                      "data": [
                        {
                          "id": "sub_3Fh9QdZ",
                          "emitter_id": "p_2BTbNZ9",
                          "listener_id": "wh_Ka82Lm4",
                          "event_name": "$errors"
                        },
                        {
                          "id": "sub_8Wq2TxY",
                          "emitter_id": "dc_*",
                          "listener_id": "p_7HkRw2M",
                          "event_name": ""
                        }
                      ]
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/workflows/{id}": {
      "parameters": [
        {
          "name": "id",
          "in": "path",
          "required": true,
          "description": "The workflow's ID (`p_` prefix).",
          "schema": {
            "$ref": "#/components/schemas/WorkflowId"
          },
          "example": "p_2BTbNZ9"
        }
      ],
      "get": {
        "operationId": "getWorkflow",
        "tags": [
          "Workflows"
        ],
        "summary": "Get a workflow (companion)",
        "description": "Companion endpoint (DESIGN §5) to read a workflow back; same shape as the answer of `POST /workflows`.",
        "x-assumed": true,
        "x-assumption": "The spec has no read endpoint for workflows, so we assume GET /workflows/{id} answering 200 with `{data: Workflow}` as POST /workflows does.",
        "responses": {
          "200": {
            "description": "The workflow.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WorkflowResponse"
                },
                "examples": {
                  "timerWorkflow": {
                    "summary": "An inactive workflow with a timer trigger and an email trigger",
                    "value": {
                      "data": {
                        "id": "p_7HkRw2M",
                        "name": "Nightly digest",
                        "active": false,
                        "steps": [
                          {
                            "id": "c_Dn5Pq8Z",
                            "type": "CodeCell",
                            "namespace": "build_digest",
                            "disabled": false,
                            "code_raw": null,
                            "codeRaw": null,
                            "codeConfigJson": null,
                            "text_raw": null,
                            "flat_params_visibility_json": null,
                            "lang": "python3.12",
                            "appConnections": [],
                            "params_json": "{\"recipients\":[\"team@analytical.dev\"]}",
                            "component": false,
                            "savedComponent": {
                              "id": "sc_Wm7Qz3R",
                              "code": "def handler(pd: \"pipedream\"):\n    return {\"digest\": pd.steps[\"trigger\"][\"event\"]}",
                              "codeHash": "4b8f2e9c1d7a3f6e0b5c8d2a9e4f1b7c3d6a0e8f2b5c9d1e4a7f0b3c6d9e2a5f",
                              "configurableProps": [
                                {
                                  "name": "recipients",
                                  "type": "string[]"
                                }
                              ],
                              "key": null,
                              "description": null,
                              "entryPath": null,
                              "version": "",
                              "apps": []
                            },
                            "component_key": null,
                            "component_owner_id": null,
                            "configured_props_json": "{\"recipients\":[\"team@analytical.dev\"]}",
                            "authProvisionIdMap": {},
                            "authProvisionIds": []
                          }
                        ],
                        "triggers": [
                          {
                            "id": "ti_8PnX2aR",
                            "interval_seconds": 86400,
                            "cron": "0 6 * * *",
                            "timezone": "Europe/London",
                            "schedule_changed_at": 1763798400,
                            "created_at": 1763798400,
                            "updated_at": 1763798400
                          },
                          {
                            "id": "ei_5ZtQw3B",
                            "email_address": "em5ztqw3b@upload.workflow-service.test",
                            "created_at": 1763798400,
                            "updated_at": 1763798400
                          }
                        ]
                      }
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      },
      "put": {
        "operationId": "updateWorkflowActivation",
        "tags": [
          "Workflows"
        ],
        "summary": "Activate or deactivate a workflow",
        "description": "Spec endpoint 7. Updates only a workflow's activation status. **User API keys only**: a\nworkspace OAuth token (JWT form) is answered 403. To change steps, triggers or connected\naccounts, create a new workflow instead. `org_id` must be the workflow's workspace (422\notherwise).\n",
        "x-assumed": true,
        "x-assumption": "The spec does not show the response, so we answer 200 with the updated workflow as `{data: Workflow}`, and 422 when `org_id` is not the workflow's workspace.",
        "security": [
          {
            "bearerAuth": []
          }
        ],
        "x-token-kinds": [
          "user_api_key"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "active",
                  "org_id"
                ],
                "additionalProperties": false,
                "properties": {
                  "active": {
                    "type": "boolean",
                    "description": "`true` activates, `false` deactivates."
                  },
                  "org_id": {
                    "$ref": "#/components/schemas/WorkspaceId"
                  }
                }
              },
              "examples": {
                "deactivate": {
                  "summary": "Deactivate a workflow",
                  "value": {
                    "active": false,
                    "org_id": "o_Lm3Xa8P"
                  }
                },
                "activate": {
                  "summary": "Activate a workflow",
                  "value": {
                    "active": true,
                    "org_id": "o_Lm3Xa8P"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The workflow with its new activation status.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WorkflowResponse"
                },
                "examples": {
                  "deactivated": {
                    "summary": "The workflow after deactivation",
                    "value": {
                      "data": {
                        "id": "p_2BTbNZ9",
                        "name": "Notify on new issue",
                        "active": false,
                        "steps": [],
                        "triggers": [
                          {
                            "id": "hi_4kLm9Qz",
                            "key": "4kLm9Qz",
                            "endpoint_url": "https://e4klm9qz.m.workflow-service.test",
                            "custom_response": false,
                            "created_at": 1763798400,
                            "updated_at": 1763798400
                          }
                        ]
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "403": {
            "$ref": "#/components/responses/Forbidden"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "422": {
            "$ref": "#/components/responses/Unprocessable"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/workspaces/{org_id}": {
      "get": {
        "operationId": "getWorkspace",
        "tags": [
          "Workspaces"
        ],
        "summary": "Get a workspace's credit usage",
        "description": "Spec endpoint 8. The current credit usage of a workspace for the billing period.",
        "parameters": [
          {
            "$ref": "#/components/parameters/OrgIdPath"
          }
        ],
        "responses": {
          "200": {
            "description": "The workspace.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "$ref": "#/components/schemas/Workspace"
                    }
                  }
                },
                "examples": {
                  "workspace": {
                    "summary": "A workspace that reports credits only",
                    "value": {
                      "data": {
                        "id": "o_Rt6Yk1W",
                        "orgname": "side-projects",
                        "name": "Side Projects",
                        "email": "ada@analytical.dev",
                        "daily_credits_quota": 100,
                        "daily_credits_used": 12
                      }
                    }
                  }
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/workflows": {
      "post": {
        "operationId": "createWorkflow",
        "tags": [
          "Workflows"
        ],
        "summary": "Create a workflow",
        "description": "Spec endpoint 9. Creates a workflow in a project, optionally from a template. Each step is\ncreated from `{namespace, props}`; each trigger from `{props}`, its kind chosen by its props\n(`cron` or `interval_seconds`: timer; `email`: email; `component_id` or an app prop\n`{authProvisionId}`: event source; otherwise HTTP). With `settings.auto_deploy` true the\nworkflow is created active. Unknown `org_id`, `project_id` or `template_id` is 422.\n",
        "x-assumed": true,
        "x-assumption": "The spec shows the answer's body but no status, so we answer 200 (not 201) with `{data: Workflow}`, like every other create, and 422 for IDs in the body that do not exist.",
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CreateWorkflowRequest"
              },
              "examples": {
                "fromTemplate": {
                  "summary": "A workflow from a template, with an app-backed step and trigger",
                  "value": {
                    "project_id": "proj_Zt4Wn8Q",
                    "org_id": "o_Lm3Xa8P",
                    "template_id": "tch_Bv5Rk1x",
                    "steps": [
                      {
                        "namespace": "summarise_issue",
                        "props": {
                          "openai": {
                            "authProvisionId": "apn_Qw4Er8T"
                          },
                          "prompt": "Summarise the new issue in one sentence"
                        }
                      }
                    ],
                    "triggers": [
                      {
                        "props": {
                          "github": {
                            "authProvisionId": "apn_Kx7mR2p"
                          },
                          "repo": "analytical/engine"
                        }
                      }
                    ],
                    "settings": {
                      "name": "Summarise new issues",
                      "auto_deploy": true
                    }
                  }
                },
                "minimal": {
                  "summary": "The smallest accepted body",
                  "value": {
                    "project_id": "proj_Zt4Wn8Q",
                    "org_id": "o_Lm3Xa8P"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The new workflow.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/WorkflowResponse"
                },
                "examples": {
                  "created": {
                    "summary": "The workflow created from the fromTemplate body",
                    "value": {
                      "data": {
                        "id": "p_2BTbNZ9",
                        "name": "Summarise new issues",
                        "active": true,
                        "steps": [
                          {
                            "id": "c_Vx8LqK2",
                            "type": "CodeCell",
                            "namespace": "summarise_issue",
                            "disabled": false,
                            "code_raw": null,
                            "codeRaw": null,
                            "codeConfigJson": null,
                            "text_raw": null,
                            "flat_params_visibility_json": null,
                            "lang": "nodejs20.x",
                            "appConnections": [],
                            "params_json": "{\"openai\":{\"authProvisionId\":\"apn_Qw4Er8T\"},\"prompt\":\"Summarise the new issue in one sentence\"}",
                            "component": true,
                            "savedComponent": {
                              "id": "sc_Pq3Wz7n",
                              "code": "export default defineComponent({\n  props: { openai: { type: \"app\", app: \"openai\" }, prompt: { type: \"string\" } },\n  async run({ steps }) { return steps.trigger.event.issue.title }\n})",
                              "codeHash": "9d4e1a7c3b8f2e6d0a5c9b1f4e8d2a7c6b3f0e9d5a1c8b4f7e2d6a0c3b9f5e1d",
                              "configurableProps": [
                                {
                                  "name": "openai",
                                  "type": "app",
                                  "app": "openai"
                                },
                                {
                                  "name": "prompt",
                                  "type": "string"
                                }
                              ],
                              "key": null,
                              "description": null,
                              "entryPath": null,
                              "version": "0.0.1",
                              "apps": [
                                {
                                  "appId": "oa_Nc8Vb2K",
                                  "nameSlug": "openai",
                                  "authType": "keys"
                                }
                              ]
                            },
                            "component_key": null,
                            "component_owner_id": null,
                            "configured_props_json": "{\"openai\":{\"authProvisionId\":\"apn_Qw4Er8T\"},\"prompt\":\"Summarise the new issue in one sentence\"}",
                            "authProvisionIdMap": {
                              "openai": "apn_Qw4Er8T"
                            },
                            "authProvisionIds": [
                              "apn_Qw4Er8T"
                            ]
                          }
                        ],
                        "triggers": [
                          {
                            "id": "dc_Jx2Lk9P",
                            "owner_id": "o_Lm3Xa8P",
                            "component_id": "sc_Hn4Ty6U",
                            "configured_props": {
                              "github": {
                                "authProvisionId": "apn_Kx7mR2p"
                              },
                              "repo": "analytical/engine"
                            },
                            "active": true,
                            "created_at": 1763798400,
                            "updated_at": 1763798400,
                            "name": "New GitHub issue",
                            "name_slug": "new-github-issue"
                          }
                        ]
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "422": {
            "$ref": "#/components/responses/Unprocessable"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/webhooks": {
      "post": {
        "operationId": "createWebhook",
        "tags": [
          "Webhooks"
        ],
        "summary": "Create a webhook",
        "description": "Spec endpoint 10. Creates a webhook that delivers events to a URL; route events to it with a\nsubscription whose `listener_id` is the returned `wh_` ID. A URL without a protocol, with a\nprotocol other than `http`/`https` or without a hostname is rejected with 400\n(`unsupported_url`). The request may carry `Content-Type: application/json`; there is no body.\n",
        "x-assumed": true,
        "x-assumption": "The spec shows the answer's body but no status, so we answer 200 (not 201) with `{data: Webhook}` and 400 `unsupported_url` for a URL the spec says is rejected.",
        "parameters": [
          {
            "name": "url",
            "in": "query",
            "required": true,
            "description": "Delivery target; protocol `http` or `https` and a hostname, optionally a port and a path.",
            "schema": {
              "$ref": "#/components/schemas/WebhookUrl"
            },
            "example": "https://hooks.analytical.dev/workflow-errors"
          },
          {
            "name": "name",
            "in": "query",
            "required": true,
            "description": "Shown when listing webhooks.",
            "schema": {
              "type": "string"
            },
            "example": "Error alerts"
          },
          {
            "name": "description",
            "in": "query",
            "required": true,
            "description": "Free text describing the webhook.",
            "schema": {
              "type": "string"
            },
            "example": "Forwards workflow errors to the on-call service"
          }
        ],
        "responses": {
          "200": {
            "description": "The new webhook, active.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "$ref": "#/components/schemas/Webhook"
                    }
                  }
                },
                "examples": {
                  "created": {
                    "summary": "A new webhook",
                    "value": {
                      "data": {
                        "id": "wh_Ka82Lm4",
                        "user_id": "u_9QhTz2K",
                        "name": "Error alerts",
                        "description": "Forwards workflow errors to the on-call service",
                        "url": "https://hooks.analytical.dev/workflow-errors",
                        "active": true,
                        "created_at": 1763798400,
                        "updated_at": 1763798400
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/webhooks/{id}": {
      "delete": {
        "operationId": "deleteWebhook",
        "tags": [
          "Webhooks"
        ],
        "summary": "Delete a webhook (companion)",
        "description": "Companion endpoint (DESIGN §5). Deletes the webhook and every subscription whose listener is that webhook.",
        "x-assumed": true,
        "x-assumption": "The spec has no delete endpoint for webhooks, so we assume DELETE /webhooks/{id} answering 204 and cascading to the subscriptions that listen with it.",
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "The webhook's ID (`wh_` prefix).",
            "schema": {
              "$ref": "#/components/schemas/WebhookId"
            },
            "example": "wh_Ka82Lm4"
          }
        ],
        "responses": {
          "204": {
            "description": "The webhook and its subscriptions were deleted."
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/connect/{project_id}/webhook": {
      "put": {
        "operationId": "setProjectWebhook",
        "tags": [
          "Connect"
        ],
        "summary": "Set a project environment's trigger-webhook URL",
        "description": "Spec endpoint 11. Sets the trigger-webhook URL of one environment of a project. Deliveries of\nthe project's triggers go to this URL unless a trigger has its own webhook URL (the\ntrigger-level URL takes precedence). The answer carries the signing key that validates\n`x-pd-signature` only when the environment's webhook is first created; it is never shown\nagain.\n",
        "x-assumed": true,
        "x-assumption": "The spec shows neither status nor body of the answer, so we answer 200 with `{data: ProjectWebhook}`, require the `x-pd-environment` header (400 when missing) and accept the URL as `webhook_url` (the spec's name) or `url`.",
        "parameters": [
          {
            "$ref": "#/components/parameters/ProjectIdPath"
          },
          {
            "$ref": "#/components/parameters/EnvironmentHeaderRequired"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SetProjectWebhookRequest"
              },
              "examples": {
                "specField": {
                  "summary": "The spec's field name",
                  "value": {
                    "webhook_url": "https://hooks.analytical.dev/trigger-events"
                  }
                },
                "urlAlias": {
                  "summary": "The accepted alias",
                  "value": {
                    "url": "https://hooks.analytical.dev/trigger-events"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The environment's webhook; `signing_key` only on first creation.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "$ref": "#/components/schemas/ProjectWebhook"
                    }
                  }
                },
                "examples": {
                  "firstCreation": {
                    "summary": "First time the environment's webhook is set (key shown once)",
                    "value": {
                      "data": {
                        "project_id": "proj_Zt4Wn8Q",
                        "environment": "production",
                        "webhook_url": "https://hooks.analytical.dev/trigger-events",
                        "created_at": 1763798400,
                        "updated_at": 1763798400,
                        "signing_key": "7f3c9a1e5b2d8f4a6c0e3b7d9f1a5c2e8b4d6f0a3c7e9b1d5f2a8c4e6b0d3f7a"
                      }
                    }
                  },
                  "urlChanged": {
                    "summary": "A later change of the URL (no key)",
                    "value": {
                      "data": {
                        "project_id": "proj_Zt4Wn8Q",
                        "environment": "production",
                        "webhook_url": "https://hooks.analytical.dev/trigger-events-v2",
                        "created_at": 1763798400,
                        "updated_at": 1763802000
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/connect/{project_id}/tokens": {
      "post": {
        "operationId": "createConnectToken",
        "tags": [
          "Connect"
        ],
        "summary": "Create a connect token (companion)",
        "description": "Companion endpoint (DESIGN §5). Creates a short-lived connect token for one end user. When\n`webhook_uri` is given, the service POSTs `CONNECTION_SUCCESS` or `CONNECTION_ERROR` to it\nwhen the connect flow ends (see the `connectionSuccess` and `connectionError` webhooks).\nThe answer is not wrapped in `data`.\n",
        "x-assumed": true,
        "x-assumption": "The spec mentions connect tokens only through their `ctok_` prefix and `webhook_uri`, so we assume this endpoint, an optional `x-pd-environment` header defaulting to `production`, and a 200 answer `{token, expires_at, connect_link_url}` not wrapped in `data`.",
        "parameters": [
          {
            "$ref": "#/components/parameters/ProjectIdPath"
          },
          {
            "name": "x-pd-environment",
            "in": "header",
            "required": false,
            "description": "Environment the token belongs to.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "default": "production"
            },
            "example": "development"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CreateConnectTokenRequest"
              },
              "examples": {
                "withWebhook": {
                  "summary": "A token whose flow result is POSTed to a webhook",
                  "value": {
                    "external_user_id": "user-1043",
                    "webhook_uri": "https://hooks.analytical.dev/connect-results",
                    "allowed_origins": [
                      "https://app.analytical.dev"
                    ]
                  }
                },
                "minimal": {
                  "summary": "Only the end user",
                  "value": {
                    "external_user_id": "user-2088"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The connect token.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ConnectToken"
                },
                "examples": {
                  "token": {
                    "summary": "A new connect token",
                    "value": {
                      "token": "ctok_9f3a1c7e2b",
                      "expires_at": "2025-11-22T12:00:00.000Z",
                      "connect_link_url": "https://connect.workflow-service.test/_static/connect.html?token=ctok_9f3a1c7e2b&connectLink=true"
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/connect/{project_id}/accounts/{account_id}": {
      "get": {
        "operationId": "getConnectedAccount",
        "tags": [
          "Connect"
        ],
        "summary": "Get a connected account (companion)",
        "description": "Companion endpoint (DESIGN §5): the spec says credentials are never in connection\nwebhooks and are fetched with this endpoint using `account.id`.\n",
        "x-assumed": true,
        "x-assumption": "The spec refers to the account endpoint without its shape, so we assume GET /connect/{project_id}/accounts/{account_id} answering 200 with `{data: ConnectedAccount}` and credentials only with `include_credentials=true`.",
        "parameters": [
          {
            "$ref": "#/components/parameters/ProjectIdPath"
          },
          {
            "name": "account_id",
            "in": "path",
            "required": true,
            "description": "The connected account's ID (`apn_` prefix).",
            "schema": {
              "$ref": "#/components/schemas/AccountId"
            },
            "example": "apn_Kx7mR2p"
          },
          {
            "name": "include_credentials",
            "in": "query",
            "required": false,
            "description": "`true` adds the `credentials` object to the answer.",
            "schema": {
              "type": "boolean",
              "default": false
            },
            "example": true
          }
        ],
        "responses": {
          "200": {
            "description": "The connected account.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "$ref": "#/components/schemas/ConnectedAccount"
                    }
                  }
                },
                "examples": {
                  "withCredentials": {
                    "summary": "An account read with include_credentials=true",
                    "value": {
                      "data": {
                        "id": "apn_Kx7mR2p",
                        "name": "octocat",
                        "external_id": "user-1043",
                        "healthy": true,
                        "dead": null,
                        "created_at": "2025-11-22T08:00:00.000Z",
                        "updated_at": "2025-11-22T08:00:00.000Z",
                        "app": {
                          "id": "oa_aw4ib2",
                          "name_slug": "github",
                          "name": "GitHub",
                          "auth_type": "oauth",
                          "description": "Where the world builds software.",
                          "img_src": "https://assets.workflow-service.test/apps/github.svg",
                          "custom_fields_json": "[]",
                          "categories": [
                            "Developer Tools"
                          ],
                          "featured_weight": 5000,
                          "connect": {
                            "allowed_domains": [
                              "api.github.com"
                            ],
                            "base_proxy_target_url": "https://api.github.com",
                            "proxy_enabled": true
                          }
                        },
                        "credentials": {
                          "oauth_access_token": "example-access-token-for-user-1043",
                          "oauth_refresh_token": null
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    },
    "/connect/{project_id}/deployed-triggers/{trigger_id}/webhooks": {
      "put": {
        "operationId": "setDeployedTriggerWebhooks",
        "tags": [
          "Connect"
        ],
        "summary": "Set a deployed trigger's webhook URLs (companion)",
        "description": "Companion endpoint (DESIGN §5): the trigger-webhook update endpoint the spec refers to.\nReplaces the trigger-level webhook URLs of a deployed trigger (`dc_`) of the project;\ntrigger-level URLs take precedence over the project environment's URL. Each deployed\ntrigger has one signing key, created on the first call and returned on every answer.\n",
        "x-assumed": true,
        "x-assumption": "The spec refers to the trigger-webhook update endpoint without its shape, so we assume a body `{webhook_urls}` of 0-10 http(s) URLs and a 200 answer `{data: {trigger_id, webhook_urls, signing_key}}`.",
        "parameters": [
          {
            "$ref": "#/components/parameters/ProjectIdPath"
          },
          {
            "name": "trigger_id",
            "in": "path",
            "required": true,
            "description": "The deployed trigger's ID (`dc_` prefix).",
            "schema": {
              "$ref": "#/components/schemas/SourceId"
            },
            "example": "dc_Jx2Lk9P"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SetDeployedTriggerWebhooksRequest"
              },
              "examples": {
                "oneUrl": {
                  "summary": "Deliver the trigger's events to one URL",
                  "value": {
                    "webhook_urls": [
                      "https://hooks.analytical.dev/github-issues"
                    ]
                  }
                },
                "none": {
                  "summary": "Remove the trigger-level URLs (the project URL applies again)",
                  "value": {
                    "webhook_urls": []
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The trigger's webhook URLs and its signing key.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "data"
                  ],
                  "properties": {
                    "data": {
                      "$ref": "#/components/schemas/DeployedTriggerWebhooks"
                    }
                  }
                },
                "examples": {
                  "set": {
                    "summary": "One URL set",
                    "value": {
                      "data": {
                        "trigger_id": "dc_Jx2Lk9P",
                        "webhook_urls": [
                          "https://hooks.analytical.dev/github-issues"
                        ],
                        "signing_key": "2e9b4f7a1c6d3e8b0f5a2c9d4e7b1f6a3c8d0e5b2f9a4c7d1e6b3f8a0c5d2e9b"
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "404": {
            "$ref": "#/components/responses/NotFound"
          },
          "429": {
            "$ref": "#/components/responses/TooManyRequests"
          }
        }
      }
    }
  },
  "webhooks": {
    "connectionSuccess": {
      "post": {
        "operationId": "receiveConnectionSuccess",
        "tags": [
          "Outbound webhooks"
        ],
        "summary": "CONNECTION_SUCCESS, sent to a connect token's webhook_uri",
        "description": "Sent once to the `webhook_uri` of a connect token when the end user connected an account.\nCredentials are never in the payload; fetch them with `GET /connect/{project_id}/accounts/{account_id}`\nusing `account.id`. Unsigned.\n",
        "x-assumed": true,
        "x-assumption": "The spec shows no delivery policy, so we assume the one of every outbound delivery here - per-attempt timeout 5 s, up to 3 attempts on network errors and 5xx answers with 100 ms then 400 ms backoff, order preserved per destination URL.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ConnectionSuccessEvent"
              },
              "examples": {
                "connected": {
                  "summary": "A GitHub account connected",
                  "value": {
                    "event": "CONNECTION_SUCCESS",
                    "connect_token": "ctok_9f3a1c7e2b",
                    "environment": "production",
                    "connect_session_id": 5534168900000000000,
                    "account": {
                      "id": "apn_Kx7mR2p",
                      "name": "octocat",
                      "external_id": "user-1043",
                      "healthy": true,
                      "dead": null,
                      "created_at": "2025-11-22T08:00:00.000Z",
                      "updated_at": "2025-11-22T08:00:00.000Z",
                      "app": {
                        "id": "oa_aw4ib2",
                        "name_slug": "github",
                        "name": "GitHub",
                        "auth_type": "oauth",
                        "description": "Where the world builds software.",
                        "img_src": "https://assets.workflow-service.test/apps/github.svg",
                        "custom_fields_json": "[]",
                        "categories": [
                          "Developer Tools"
                        ],
                        "featured_weight": 5000,
                        "connect": {
                          "allowed_domains": [
                            "api.github.com"
                          ],
                          "base_proxy_target_url": "https://api.github.com",
                          "proxy_enabled": true
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "2XX": {
            "description": "Received. Any 2xx ends the delivery."
          },
          "4XX": {
            "description": "The receiver refused the delivery; it is recorded as failed and not retried."
          }
        }
      }
    },
    "connectionError": {
      "post": {
        "operationId": "receiveConnectionError",
        "tags": [
          "Outbound webhooks"
        ],
        "summary": "CONNECTION_ERROR, sent to a connect token's webhook_uri",
        "description": "Sent once to the `webhook_uri` of a connect token when the connect flow failed. Unsigned; same delivery policy as `connectionSuccess`.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ConnectionErrorEvent"
              },
              "examples": {
                "failed": {
                  "summary": "The end user denied access",
                  "value": {
                    "event": "CONNECTION_ERROR",
                    "connect_token": "ctok_9f3a1c7e2b",
                    "environment": "production",
                    "connect_session_id": 5534168900000000000,
                    "error": "The user denied access to the application"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "2XX": {
            "description": "Received. Any 2xx ends the delivery."
          },
          "4XX": {
            "description": "The receiver refused the delivery; it is recorded as failed and not retried."
          }
        }
      }
    },
    "triggerEvent": {
      "post": {
        "operationId": "receiveTriggerEvent",
        "tags": [
          "Outbound webhooks"
        ],
        "summary": "A deployed trigger's event, signed with x-pd-signature",
        "description": "Each event a deployed trigger emits is POSTed to the trigger-level webhook URL when one is\nset (`PUT /connect/{project_id}/deployed-triggers/{trigger_id}/webhooks`), else to the\nproject environment's URL (`PUT /connect/{project_id}/webhook`).\n\n**Signature.** Every delivery carries `x-pd-signature: t=<unix seconds>,v1=<hex digest>`.\n`v1` is the lowercase hex HMAC-SHA256, keyed with the signing key, of the string\n`<t>.<raw request body>` (the `t` value, a period, then the exact bytes of the body).\nA receiver recomputes the digest over the raw body (before any JSON parsing), compares it\nwith `v1` using a constant-time comparison, rejects a `t` older than 300 seconds (replay\nwindow) and answers 401 on any mismatch. Every retry is re-signed with a fresh `t`.\n\nThe example delivery below is signed with the signing key\n`2e9b4f7a1c6d3e8b0f5a2c9d4e7b1f6a3c8d0e5b2f9a4c7d1e6b3f8a0c5d2e9b` over the compact JSON text of\nthe example body (`JSON.stringify`), `t=1763798400`.\n",
        "x-assumed": true,
        "x-assumption": "The spec shows neither the payload nor the delivery policy, so we assume the body `{event_id, trigger_id, environment, emitted_at, event}`, a per-attempt timeout of 5 s, up to 3 attempts on network errors and 5xx with 100 ms then 400 ms backoff, and order preserved per destination URL.",
        "security": [],
        "parameters": [
          {
            "name": "x-pd-signature",
            "in": "header",
            "required": true,
            "description": "`t=<unix seconds>,v1=<64 lowercase hex>`; HMAC-SHA256 of `<t>.<raw body>` keyed with the signing key.",
            "schema": {
              "$ref": "#/components/schemas/SignatureHeader"
            },
            "example": "t=1763798400,v1=00c7dca83e5f3c55cfddf406bac7b3f747c445d7f1ed97a834fd8fcce2a96f97"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/TriggerWebhookDelivery"
              },
              "examples": {
                "newIssue": {
                  "summary": "A GitHub trigger's new-issue event",
                  "value": {
                    "event_id": "2NpLbZ5rL1gF0kq9xY3mT7aWc6h",
                    "trigger_id": "dc_Jx2Lk9P",
                    "environment": "production",
                    "emitted_at": 1763798400,
                    "event": {
                      "action": "opened",
                      "issue": {
                        "number": 1043,
                        "title": "Engine stalls at step 7"
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "401": {
            "description": "The signature is missing, malformed, older than 300 seconds or does not match; the delivery is not retried."
          },
          "2XX": {
            "description": "Received and the signature verified."
          },
          "4XX": {
            "description": "Other refusals; not retried."
          }
        }
      }
    },
    "subscriptionEvent": {
      "post": {
        "operationId": "receiveSubscriptionEvent",
        "tags": [
          "Outbound webhooks"
        ],
        "summary": "An event routed by a subscription to a webhook listener (wh_)",
        "description": "When an emitter emits an event on a stream that a subscription routes to a webhook object\n(`listener_id` with `wh_` prefix), the service POSTs it to the webhook's `url`. Unsigned (a\nwebhook object has no signing key); same delivery policy as `triggerEvent`.\n",
        "x-assumed": true,
        "x-assumption": "The spec does not show what a webhook listener receives, so we assume the body `{emit_id, emitter_id, event_name, event}`, sent unsigned because a webhook object has no signing key.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/SubscriptionDelivery"
              },
              "examples": {
                "workflowError": {
                  "summary": "A workflow error routed to a webhook",
                  "value": {
                    "emit_id": "2NpLbZ5rL1gF0kq9xY3mT7aWc4e",
                    "emitter_id": "p_2BTbNZ9",
                    "event_name": "$errors",
                    "event": {
                      "error": {
                        "code": "InternalFailure",
                        "message": "Request failed with status code 500"
                      }
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "2XX": {
            "description": "Received. Any 2xx ends the delivery."
          },
          "4XX": {
            "description": "The receiver refused the delivery; it is recorded as failed and not retried."
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "`Authorization: Bearer <token>` on every request. Two token kinds:\na **workspace OAuth token** is three dot-separated base64url segments (JWT form);\na **user API key** is any other non-empty bearer. `PUT /workflows/{id}` accepts user API\nkeys only (403 with an OAuth token). A missing, empty or malformed bearer is 401.\n",
        "x-assumed": true,
        "x-assumption": "The spec does not say how tokens look, so we tell the kinds apart by form (JWT form is an OAuth token, anything else a user API key) and require RFC 6750 token characters."
      }
    },
    "parameters": {
      "OrgIdPath": {
        "name": "org_id",
        "in": "path",
        "required": true,
        "description": "The workspace's ID (`o_` prefix).",
        "schema": {
          "$ref": "#/components/schemas/WorkspaceId"
        },
        "example": "o_Lm3Xa8P"
      },
      "ProjectIdPath": {
        "name": "project_id",
        "in": "path",
        "required": true,
        "description": "The project's ID (`proj_` prefix).",
        "x-assumed": true,
        "x-assumption": "The spec types `project_id` of the Connect paths only as a string, so we demand the `proj_` prefix of its prefix table.",
        "schema": {
          "$ref": "#/components/schemas/ProjectId"
        },
        "example": "proj_Zt4Wn8Q"
      },
      "EnvironmentHeaderRequired": {
        "name": "x-pd-environment",
        "in": "header",
        "required": true,
        "description": "Environment name, for example `production`.",
        "schema": {
          "type": "string",
          "minLength": 1
        },
        "example": "production"
      },
      "EmitterIdQuery": {
        "name": "emitter_id",
        "in": "query",
        "required": true,
        "description": "Workflow (`p_`) or source (`dc_`) that emits, or a glob - `p_*` (all workflows), `dc_*` (all sources).",
        "schema": {
          "$ref": "#/components/schemas/EmitterId"
        },
        "example": "p_2BTbNZ9"
      },
      "ListenerIdQuery": {
        "name": "listener_id",
        "in": "query",
        "required": true,
        "description": "Workflow (`p_`), source (`dc_`) or webhook (`wh_`) that receives the events.",
        "schema": {
          "$ref": "#/components/schemas/ListenerId"
        },
        "example": "wh_Ka82Lm4"
      },
      "EventNameQuery": {
        "name": "event_name",
        "in": "query",
        "required": false,
        "description": "Event stream name, for example `$errors` or `$logs`; missing or empty means the emitter's default stream.",
        "x-assumed": true,
        "x-assumption": "The spec lists `event_name` as required yet shows an example without it, so we accept it missing and treat a missing value as the empty string.",
        "schema": {
          "type": "string",
          "default": ""
        },
        "example": "$errors"
      },
      "Limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "Page size.",
        "x-assumed": true,
        "x-assumption": "The spec does not show the pagination parameters, so we assume `limit` from 1 to 100 with a default of 10 (400 outside that range).",
        "schema": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 10
        },
        "example": 50
      },
      "After": {
        "name": "after",
        "in": "query",
        "required": false,
        "description": "Opaque cursor; answers the items after it (pass the previous page's `end_cursor`).",
        "x-assumed": true,
        "x-assumption": "The spec does not show the pagination parameters, so we assume opaque `after`/`before` cursors (base64url of the boundary item's ID in the mock), with 400 for an undecodable cursor.",
        "schema": {
          "type": "string"
        },
        "example": "ZGNfT3c3Z0owYQ"
      },
      "Before": {
        "name": "before",
        "in": "query",
        "required": false,
        "description": "Opaque cursor; answers the items before it (pass the next page's `start_cursor`).",
        "x-assumed": true,
        "x-assumption": "The spec does not show the pagination parameters, so we assume opaque `after`/`before` cursors symmetrical to `after`, with 400 for an undecodable cursor.",
        "schema": {
          "type": "string"
        },
        "example": "ZGNfSngyTGs5UA"
      }
    },
    "headers": {
      "RetryAfter": {
        "description": "Seconds to wait before retrying.",
        "required": true,
        "schema": {
          "type": "integer",
          "minimum": 0
        },
        "example": 30
      }
    },
    "responses": {
      "BadRequest": {
        "description": "Malformed or missing input - bad JSON, a missing or ill-typed parameter, an unsupported webhook URL, an undecodable cursor.",
        "x-assumed": true,
        "x-assumption": "The spec shows no HTTP error statuses, so we answer 400 for malformed or missing input, with the `Error` body.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "missingParameter": {
                "summary": "A required query parameter is missing",
                "value": {
                  "error": "Missing required query parameter: url",
                  "code": "bad_request",
                  "details": {
                    "parameter": "url"
                  }
                }
              },
              "unsupportedUrl": {
                "summary": "A webhook URL without an http(s) protocol",
                "value": {
                  "error": "Unsupported URL: ftp://files.analytical.dev (protocol must be http or https)",
                  "code": "unsupported_url",
                  "details": {
                    "url": "ftp://files.analytical.dev"
                  }
                }
              }
            }
          }
        }
      },
      "Unauthorized": {
        "description": "The bearer token is missing, empty or malformed.",
        "x-assumed": true,
        "x-assumption": "The spec shows no HTTP error statuses, so we answer 401 for a missing, empty or malformed bearer, with the `Error` body.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "missingToken": {
                "summary": "No Authorization header",
                "value": {
                  "error": "Missing or malformed Authorization header: expected \"Bearer <token>\"",
                  "code": "unauthorized"
                }
              }
            }
          }
        }
      },
      "Forbidden": {
        "description": "The token kind is not accepted here (a workspace OAuth token on a user-API-key-only operation).",
        "x-assumed": true,
        "x-assumption": "The spec says the operation accepts user API keys only without a status, so we answer 403 with the `Error` body for a workspace OAuth token.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "oauthToken": {
                "summary": "A workspace OAuth token on PUT /workflows/{id}",
                "value": {
                  "error": "This operation accepts user API keys only, not workspace OAuth tokens",
                  "code": "forbidden_token_kind"
                }
              }
            }
          }
        }
      },
      "NotFound": {
        "description": "An ID in the path or query is unknown, or belongs to another world (token).",
        "x-assumed": true,
        "x-assumption": "The spec shows no HTTP error statuses, so we answer 404 for an unknown or foreign ID in the path or query, with the `Error` body.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "unknownWorkflow": {
                "summary": "An unknown workflow",
                "value": {
                  "error": "Workflow p_Zz9Yy8X not found",
                  "code": "not_found",
                  "details": {
                    "id": "p_Zz9Yy8X"
                  }
                }
              }
            }
          }
        }
      },
      "Unprocessable": {
        "description": "Well-formed input with invalid values - an ID inside the JSON body that does not exist in this world, or an enum value that is not allowed.",
        "x-assumed": true,
        "x-assumption": "The spec shows no HTTP error statuses, so we answer 422 for well-formed bodies whose IDs or values are wrong, with the `Error` body.",
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "unknownProject": {
                "summary": "A body ID that does not exist",
                "value": {
                  "error": "Project proj_Qq1Ww2E not found",
                  "code": "unprocessable",
                  "details": {
                    "field": "project_id",
                    "id": "proj_Qq1Ww2E"
                  }
                }
              }
            }
          }
        }
      },
      "TooManyRequests": {
        "description": "Rate limited; retry after `Retry-After` seconds.",
        "x-assumed": true,
        "x-assumption": "The spec does not show rate limits, so we document 429 with a `Retry-After` header (seconds) and the `Error` body; the mock answers it only when rate limiting is injected.",
        "headers": {
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfter"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "examples": {
              "rateLimited": {
                "summary": "Too many requests",
                "value": {
                  "error": "Rate limit exceeded, retry in 30 seconds",
                  "code": "rate_limited",
                  "details": {
                    "retry_after_seconds": 30
                  }
                }
              }
            }
          }
        }
      }
    },
    "schemas": {
      "WorkflowId": {
        "type": "string",
        "description": "A workflow (`p_`).",
        "pattern": "^p_[A-Za-z0-9]+$",
        "examples": [
          "p_2BTbNZ9"
        ]
      },
      "SourceId": {
        "type": "string",
        "description": "An event source, i.e. a deployed component (`dc_`).",
        "pattern": "^dc_[A-Za-z0-9]+$",
        "examples": [
          "dc_Ow7gJ0a"
        ]
      },
      "SavedComponentId": {
        "type": "string",
        "description": "A saved component (`sc_`).",
        "pattern": "^sc_[A-Za-z0-9]+$",
        "examples": [
          "sc_Pq3Wz7n"
        ]
      },
      "StepId": {
        "type": "string",
        "description": "A workflow step, i.e. a code cell (`c_`).",
        "pattern": "^c_[A-Za-z0-9]+$",
        "examples": [
          "c_Vx8LqK2"
        ]
      },
      "WebhookId": {
        "type": "string",
        "description": "A webhook (`wh_`).",
        "pattern": "^wh_[A-Za-z0-9]+$",
        "examples": [
          "wh_Ka82Lm4"
        ]
      },
      "SubscriptionId": {
        "type": "string",
        "description": "A subscription (`sub_`).",
        "pattern": "^sub_[A-Za-z0-9]+$",
        "examples": [
          "sub_3Fh9QdZ"
        ]
      },
      "WorkspaceId": {
        "type": "string",
        "description": "A workspace, i.e. an organization (`o_`).",
        "pattern": "^o_[A-Za-z0-9]+$",
        "examples": [
          "o_Lm3Xa8P"
        ]
      },
      "UserId": {
        "type": "string",
        "description": "A user (`u_`).",
        "pattern": "^u_[A-Za-z0-9]+$",
        "examples": [
          "u_9QhTz2K"
        ]
      },
      "ProjectId": {
        "type": "string",
        "description": "A project (`proj_`).",
        "pattern": "^proj_[A-Za-z0-9]+$",
        "examples": [
          "proj_Zt4Wn8Q"
        ]
      },
      "TemplateId": {
        "type": "string",
        "description": "A shared workflow template (`tch_`).",
        "pattern": "^tch_[A-Za-z0-9]+$",
        "examples": [
          "tch_Bv5Rk1x"
        ]
      },
      "HttpTriggerId": {
        "type": "string",
        "description": "An HTTP trigger (`hi_`).",
        "pattern": "^hi_[A-Za-z0-9]+$",
        "examples": [
          "hi_4kLm9Qz"
        ]
      },
      "TimerTriggerId": {
        "type": "string",
        "description": "A timer trigger (`ti_`).",
        "pattern": "^ti_[A-Za-z0-9]+$",
        "examples": [
          "ti_8PnX2aR"
        ]
      },
      "EmailTriggerId": {
        "type": "string",
        "description": "An email trigger (`ei_`).",
        "pattern": "^ei_[A-Za-z0-9]+$",
        "examples": [
          "ei_5ZtQw3B"
        ]
      },
      "AccountId": {
        "type": "string",
        "description": "A connected account, also called an auth provision (`apn_`).",
        "pattern": "^apn_[A-Za-z0-9]+$",
        "examples": [
          "apn_Kx7mR2p"
        ]
      },
      "ConnectTokenId": {
        "type": "string",
        "description": "A connect token (`ctok_`).",
        "pattern": "^ctok_[A-Za-z0-9]+$",
        "examples": [
          "ctok_9f3a1c7e2b"
        ]
      },
      "AppId": {
        "type": "string",
        "description": "An app (`oa_`).",
        "pattern": "^oa_[A-Za-z0-9]+$",
        "examples": [
          "oa_aw4ib2"
        ]
      },
      "DeploymentId": {
        "type": "string",
        "description": "A deployment (`d_`).",
        "pattern": "^d_[A-Za-z0-9]+$",
        "examples": [
          "d_Gg7Ts0P"
        ]
      },
      "EmitterId": {
        "description": "What emits events - a workflow, a source, or the globs `p_*` (every workflow) and `dc_*` (every source).",
        "oneOf": [
          {
            "$ref": "#/components/schemas/WorkflowId"
          },
          {
            "$ref": "#/components/schemas/SourceId"
          },
          {
            "type": "string",
            "enum": [
              "p_*",
              "dc_*"
            ]
          }
        ],
        "examples": [
          "p_2BTbNZ9",
          "dc_*"
        ]
      },
      "ListenerId": {
        "description": "What receives events - a workflow, a source or a webhook.",
        "oneOf": [
          {
            "$ref": "#/components/schemas/WorkflowId"
          },
          {
            "$ref": "#/components/schemas/SourceId"
          },
          {
            "$ref": "#/components/schemas/WebhookId"
          }
        ],
        "examples": [
          "wh_Ka82Lm4"
        ]
      },
      "EmittingResourceId": {
        "description": "The concrete workflow or source that emitted an event (never a glob).",
        "oneOf": [
          {
            "$ref": "#/components/schemas/WorkflowId"
          },
          {
            "$ref": "#/components/schemas/SourceId"
          }
        ],
        "examples": [
          "p_2BTbNZ9"
        ]
      },
      "UnixSeconds": {
        "type": "integer",
        "minimum": 0,
        "description": "A point in time in UNIX seconds.",
        "examples": [
          1763798400
        ]
      },
      "EventStreamName": {
        "type": "string",
        "enum": [
          "$errors",
          "$logs"
        ],
        "description": "`$errors`: errors thrown by workflows or sources; `$logs`: logs produced by event sources."
      },
      "WebhookUrl": {
        "type": "string",
        "description": "An HTTP(S) URL: protocol `http` or `https`, a hostname (DNS name, IPv4 or bracketed IPv6),\noptionally a port, a path, a query and a fragment. Anything else is rejected (400\n`unsupported_url`).\n",
        "pattern": "^https?://([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*|\\[[0-9A-Fa-f:.]+\\])(:[0-9]{1,5})?([/?#][^\\s]*)?$",
        "examples": [
          "https://hooks.analytical.dev/workflow-errors",
          "http://127.0.0.1:8080/hook"
        ]
      },
      "SignatureHeader": {
        "type": "string",
        "description": "`t=<unix seconds>,v1=<64 lowercase hex digits of HMAC-SHA256>`.",
        "pattern": "^t=\\d+,v1=[0-9a-f]{64}$",
        "examples": [
          "t=1763798400,v1=00c7dca83e5f3c55cfddf406bac7b3f747c445d7f1ed97a834fd8fcce2a96f97"
        ]
      },
      "Subscription": {
        "type": "object",
        "description": "Routes events from an emitter to a listener, optionally per event stream.",
        "required": [
          "id",
          "emitter_id",
          "listener_id",
          "event_name"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/SubscriptionId"
          },
          "emitter_id": {
            "$ref": "#/components/schemas/EmitterId"
          },
          "listener_id": {
            "$ref": "#/components/schemas/ListenerId"
          },
          "event_name": {
            "type": "string",
            "description": "Name of the event stream; the empty string when none was given at creation."
          }
        }
      },
      "Webhook": {
        "type": "object",
        "description": "Delivers routed events to an external HTTP(S) URL.",
        "required": [
          "id",
          "user_id",
          "name",
          "description",
          "url",
          "active",
          "created_at",
          "updated_at"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/WebhookId"
          },
          "user_id": {
            "$ref": "#/components/schemas/UserId"
          },
          "name": {
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "type": [
              "string",
              "null"
            ]
          },
          "url": {
            "$ref": "#/components/schemas/WebhookUrl"
          },
          "active": {
            "type": "boolean"
          },
          "created_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "updated_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          }
        }
      },
      "ConfiguredProps": {
        "type": "object",
        "description": "Values of a component's configurable props, keyed by prop name. An app prop's value is an\nobject holding `authProvisionId` (an `apn_` account); an HTTP source holds an `http` object\nwith its `endpoint_url`.\n",
        "additionalProperties": {
          "$ref": "#/components/schemas/PropValue"
        },
        "properties": {
          "http": {
            "type": "object",
            "properties": {
              "endpoint_url": {
                "type": "string"
              }
            }
          }
        }
      },
      "PropValue": {
        "description": "One prop's value; an app prop's value is an object holding `authProvisionId` (a connected account, `apn_`).",
        "anyOf": [
          {
            "type": "object",
            "additionalProperties": true,
            "properties": {
              "authProvisionId": {
                "$ref": "#/components/schemas/AccountId"
              }
            }
          },
          {
            "type": [
              "string",
              "number",
              "boolean",
              "array",
              "null"
            ]
          }
        ]
      },
      "EventSource": {
        "type": "object",
        "description": "A deployed component (`dc_`) that emits events.",
        "required": [
          "id",
          "component_id",
          "configured_props",
          "active",
          "created_at",
          "updated_at",
          "name",
          "name_slug"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/SourceId"
          },
          "component_id": {
            "$ref": "#/components/schemas/SavedComponentId"
          },
          "configured_props": {
            "$ref": "#/components/schemas/ConfiguredProps"
          },
          "active": {
            "type": "boolean"
          },
          "created_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "updated_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "name": {
            "type": "string"
          },
          "name_slug": {
            "type": "string"
          },
          "owner_id": {
            "$ref": "#/components/schemas/WorkspaceId",
            "description": "Present when the source is listed as a workflow trigger (the workflow's workspace)."
          }
        }
      },
      "DailyComputeTimeSeconds": {
        "type": "integer",
        "minimum": 0,
        "description": "Compute time per day, in seconds.",
        "x-assumed": true,
        "x-assumption": "The spec does not show the units of the quota and usage fields, so we assume compute time in seconds per UTC day."
      },
      "DailyCount": {
        "type": "integer",
        "minimum": 0,
        "description": "A count per day (invocations or credits).",
        "x-assumed": true,
        "x-assumption": "The spec does not show the units of the quota and usage fields, so we assume invocations and credits are plain counts per UTC day."
      },
      "User": {
        "type": "object",
        "description": "The authenticated user (answer of `GET /users/me`, under `data`).",
        "required": [
          "id",
          "username",
          "email",
          "daily_compute_time_quota",
          "daily_compute_time_used",
          "daily_invocations_quota",
          "daily_invocations_used",
          "orgs"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/UserId"
          },
          "username": {
            "type": "string"
          },
          "email": {
            "type": "string",
            "format": "email"
          },
          "daily_compute_time_quota": {
            "$ref": "#/components/schemas/DailyComputeTimeSeconds"
          },
          "daily_compute_time_used": {
            "$ref": "#/components/schemas/DailyComputeTimeSeconds"
          },
          "daily_invocations_quota": {
            "$ref": "#/components/schemas/DailyCount"
          },
          "daily_invocations_used": {
            "$ref": "#/components/schemas/DailyCount"
          },
          "orgs": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Workspace"
            }
          }
        }
      },
      "Workspace": {
        "type": "object",
        "description": "A workspace (organization). The compute-time and invocation counters are present for some workspaces only.",
        "required": [
          "id",
          "name",
          "orgname",
          "email",
          "daily_credits_quota",
          "daily_credits_used"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/WorkspaceId"
          },
          "name": {
            "type": "string"
          },
          "orgname": {
            "type": "string"
          },
          "email": {
            "type": "string",
            "format": "email"
          },
          "daily_credits_quota": {
            "$ref": "#/components/schemas/DailyCount"
          },
          "daily_credits_used": {
            "$ref": "#/components/schemas/DailyCount"
          },
          "daily_compute_time_quota": {
            "$ref": "#/components/schemas/DailyComputeTimeSeconds"
          },
          "daily_compute_time_used": {
            "$ref": "#/components/schemas/DailyComputeTimeSeconds"
          },
          "daily_invocations_quota": {
            "$ref": "#/components/schemas/DailyCount"
          },
          "daily_invocations_used": {
            "$ref": "#/components/schemas/DailyCount"
          }
        }
      },
      "Workflow": {
        "type": "object",
        "description": "A workflow (answer of `POST /workflows`, under `data`).",
        "required": [
          "id",
          "name",
          "active",
          "steps",
          "triggers"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/WorkflowId"
          },
          "name": {
            "type": "string"
          },
          "active": {
            "type": "boolean"
          },
          "steps": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Step"
            }
          },
          "triggers": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Trigger"
            }
          }
        }
      },
      "WorkflowResponse": {
        "type": "object",
        "description": "`{data: Workflow}`, the answer of every workflow operation.",
        "required": [
          "data"
        ],
        "properties": {
          "data": {
            "$ref": "#/components/schemas/Workflow"
          }
        }
      },
      "Step": {
        "type": "object",
        "description": "A code step (cell) of a workflow.",
        "required": [
          "id",
          "type",
          "namespace",
          "disabled",
          "code_raw",
          "codeRaw",
          "codeConfigJson",
          "text_raw",
          "flat_params_visibility_json",
          "lang",
          "appConnections",
          "params_json",
          "component",
          "savedComponent",
          "component_key",
          "component_owner_id",
          "configured_props_json",
          "authProvisionIdMap",
          "authProvisionIds"
        ],
        "x-assumed": true,
        "x-assumption": "The spec shows `code_raw`, `codeRaw`, `codeConfigJson`, `text_raw` and `flat_params_visibility_json` only as null, so we type them string-or-null (JSON or source text when present) and require every listed field.",
        "properties": {
          "id": {
            "$ref": "#/components/schemas/StepId"
          },
          "type": {
            "type": "string",
            "description": "Value seen in the spec - `CodeCell`; other values are not shown."
          },
          "namespace": {
            "type": "string",
            "description": "The step's name."
          },
          "disabled": {
            "type": "boolean"
          },
          "code_raw": {
            "type": [
              "string",
              "null"
            ]
          },
          "codeRaw": {
            "type": [
              "string",
              "null"
            ]
          },
          "codeConfigJson": {
            "type": [
              "string",
              "null"
            ]
          },
          "text_raw": {
            "type": [
              "string",
              "null"
            ]
          },
          "flat_params_visibility_json": {
            "type": [
              "string",
              "null"
            ]
          },
          "lang": {
            "type": "string",
            "description": "Values seen in the spec - `nodejs20.x`, `python3.12`; others are not shown."
          },
          "appConnections": {
            "type": "array",
            "items": {}
          },
          "params_json": {
            "type": "string",
            "description": "JSON text of the step's params."
          },
          "component": {
            "type": "boolean"
          },
          "savedComponent": {
            "$ref": "#/components/schemas/SavedComponent"
          },
          "component_key": {
            "type": [
              "string",
              "null"
            ]
          },
          "component_owner_id": {
            "type": [
              "string",
              "null"
            ]
          },
          "configured_props_json": {
            "type": [
              "string",
              "null"
            ],
            "description": "JSON text of the configured props."
          },
          "authProvisionIdMap": {
            "type": "object",
            "description": "Prop name -> connected account (`apn_`) used by that app prop.",
            "additionalProperties": {
              "$ref": "#/components/schemas/AccountId"
            }
          },
          "authProvisionIds": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/AccountId"
            }
          }
        }
      },
      "SavedComponent": {
        "type": "object",
        "description": "The component a step runs (`savedComponent` of a step).",
        "required": [
          "id",
          "code",
          "codeHash",
          "configurableProps",
          "key",
          "description",
          "entryPath",
          "version",
          "apps"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/SavedComponentId"
          },
          "code": {
            "type": "string"
          },
          "codeHash": {
            "type": "string"
          },
          "configurableProps": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ConfigurableProp"
            }
          },
          "key": {
            "type": [
              "string",
              "null"
            ]
          },
          "description": {
            "type": [
              "string",
              "null"
            ]
          },
          "entryPath": {
            "type": [
              "string",
              "null"
            ]
          },
          "version": {
            "type": "string"
          },
          "apps": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/ComponentApp"
            }
          }
        }
      },
      "ConfigurableProp": {
        "type": "object",
        "required": [
          "name",
          "type"
        ],
        "properties": {
          "name": {
            "type": "string"
          },
          "type": {
            "type": "string"
          },
          "app": {
            "type": "string",
            "description": "The app's name slug, for app-typed props."
          }
        }
      },
      "ComponentApp": {
        "type": "object",
        "required": [
          "appId",
          "nameSlug",
          "authType"
        ],
        "properties": {
          "appId": {
            "$ref": "#/components/schemas/AppId"
          },
          "nameSlug": {
            "type": "string"
          },
          "authType": {
            "type": "string",
            "description": "Value seen in the spec - `keys`; others are not shown."
          }
        }
      },
      "Trigger": {
        "description": "One of the four trigger shapes, told apart by the prefix of `id` (`hi_`, `dc_`, `ti_`, `ei_`).",
        "oneOf": [
          {
            "$ref": "#/components/schemas/HttpTrigger"
          },
          {
            "$ref": "#/components/schemas/EventSourceTrigger"
          },
          {
            "$ref": "#/components/schemas/TimerTrigger"
          },
          {
            "$ref": "#/components/schemas/EmailTrigger"
          }
        ]
      },
      "HttpTrigger": {
        "type": "object",
        "description": "A trigger that runs the workflow on each HTTP request to its endpoint.",
        "required": [
          "id",
          "key",
          "endpoint_url",
          "custom_response",
          "created_at",
          "updated_at"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/HttpTriggerId"
          },
          "key": {
            "type": "string"
          },
          "endpoint_url": {
            "type": "string"
          },
          "custom_response": {
            "type": "boolean"
          },
          "created_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "updated_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          }
        },
        "examples": [
          {
            "id": "hi_4kLm9Qz",
            "key": "4kLm9Qz",
            "endpoint_url": "https://e4klm9qz.m.workflow-service.test",
            "custom_response": false,
            "created_at": 1763798400,
            "updated_at": 1763798400
          }
        ]
      },
      "EventSourceTrigger": {
        "type": "object",
        "description": "An event source acting as the workflow's trigger.",
        "required": [
          "id",
          "owner_id",
          "component_id",
          "configured_props",
          "active",
          "created_at",
          "updated_at",
          "name",
          "name_slug"
        ],
        "x-assumed": true,
        "x-assumption": "The spec does not type `owner_id` of an event-source trigger, so we assume it is the workflow's workspace (`o_`).",
        "properties": {
          "id": {
            "$ref": "#/components/schemas/SourceId"
          },
          "owner_id": {
            "$ref": "#/components/schemas/WorkspaceId"
          },
          "component_id": {
            "$ref": "#/components/schemas/SavedComponentId"
          },
          "configured_props": {
            "$ref": "#/components/schemas/ConfiguredProps"
          },
          "active": {
            "type": "boolean"
          },
          "created_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "updated_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "name": {
            "type": "string"
          },
          "name_slug": {
            "type": "string"
          }
        },
        "examples": [
          {
            "id": "dc_Jx2Lk9P",
            "owner_id": "o_Lm3Xa8P",
            "component_id": "sc_Hn4Ty6U",
            "configured_props": {
              "github": {
                "authProvisionId": "apn_Kx7mR2p"
              },
              "repo": "analytical/engine"
            },
            "active": true,
            "created_at": 1763798400,
            "updated_at": 1763798400,
            "name": "New GitHub issue",
            "name_slug": "new-github-issue"
          }
        ]
      },
      "TimerTrigger": {
        "type": "object",
        "description": "A trigger that runs the workflow on a schedule (an interval or a cron expression).",
        "required": [
          "id",
          "interval_seconds",
          "cron",
          "timezone",
          "schedule_changed_at",
          "created_at",
          "updated_at"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/TimerTriggerId"
          },
          "interval_seconds": {
            "type": "integer",
            "minimum": 0
          },
          "cron": {
            "type": [
              "string",
              "null"
            ]
          },
          "timezone": {
            "type": "string",
            "description": "IANA time zone name."
          },
          "schedule_changed_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "created_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "updated_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          }
        },
        "examples": [
          {
            "id": "ti_8PnX2aR",
            "interval_seconds": 3600,
            "cron": null,
            "timezone": "UTC",
            "schedule_changed_at": 1763798400,
            "created_at": 1763798400,
            "updated_at": 1763798400
          }
        ]
      },
      "EmailTrigger": {
        "type": "object",
        "description": "A trigger that runs the workflow on each email sent to its address.",
        "required": [
          "id",
          "email_address",
          "created_at",
          "updated_at"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/EmailTriggerId"
          },
          "email_address": {
            "type": "string",
            "format": "email"
          },
          "created_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "updated_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          }
        },
        "examples": [
          {
            "id": "ei_5ZtQw3B",
            "email_address": "em5ztqw3b@upload.workflow-service.test",
            "created_at": 1763798400,
            "updated_at": 1763798400
          }
        ]
      },
      "WorkflowErrorEventSummary": {
        "type": "object",
        "description": "One recorded error event of a workflow.",
        "required": [
          "id",
          "indexed_at_ms",
          "event"
        ],
        "properties": {
          "id": {
            "type": "string",
            "description": "Cursor-like identifier; in the mock `<indexed_at_ms>-<sequence>`.",
            "x-assumed": true,
            "x-assumption": "The spec calls `id` cursor-like without a format, so the mock uses `<indexed_at_ms>-<sequence>` and clients must treat it as opaque."
          },
          "indexed_at_ms": {
            "type": "integer",
            "minimum": 0,
            "description": "Milliseconds since the UNIX epoch."
          },
          "event": {
            "type": "object",
            "required": [
              "original_event",
              "original_context",
              "error",
              "metadata"
            ],
            "properties": {
              "original_event": {
                "description": "The event that caused the error; a `TruncatedEvent` marker when its JSON text is over 1 KB and `expand=event` was not passed.",
                "anyOf": [
                  {
                    "$ref": "#/components/schemas/TruncatedEvent"
                  },
                  {
                    "type": "object",
                    "additionalProperties": true
                  }
                ]
              },
              "original_context": {
                "$ref": "#/components/schemas/ErrorOriginalContext"
              },
              "error": {
                "$ref": "#/components/schemas/WorkflowError"
              },
              "metadata": {
                "$ref": "#/components/schemas/ErrorEventMetadata"
              }
            }
          }
        }
      },
      "TruncatedEvent": {
        "type": "object",
        "description": "Stands in for an `original_event` whose JSON text is over 1024 bytes (UTF-8) when `expand=event` is not passed.",
        "required": [
          "truncated",
          "size_bytes",
          "preview"
        ],
        "x-assumed": true,
        "x-assumption": "The spec says large events may be truncated without showing how, so we replace the event by `{truncated: true, size_bytes, preview}` with the first 512 characters of its JSON text.",
        "properties": {
          "truncated": {
            "type": "boolean",
            "const": true
          },
          "size_bytes": {
            "type": "integer",
            "minimum": 1025,
            "description": "Size of the full event's JSON text in UTF-8 bytes."
          },
          "preview": {
            "type": "string",
            "maxLength": 512,
            "description": "The first 512 characters of the full event's JSON text."
          }
        }
      },
      "ErrorOriginalContext": {
        "type": "object",
        "description": "Where and when the failing event was processed.",
        "required": [
          "id",
          "ts",
          "workflow_id",
          "deployment_id",
          "source_type",
          "verified",
          "owner_id",
          "platform_version"
        ],
        "x-assumed": true,
        "x-assumption": "The spec does not type `owner_id` of the original context, so we accept the owning user (`u_`) or workspace (`o_`).",
        "properties": {
          "id": {
            "type": "string",
            "description": "The event's ID (no prefix)."
          },
          "ts": {
            "type": "string",
            "format": "date-time"
          },
          "workflow_id": {
            "$ref": "#/components/schemas/WorkflowId"
          },
          "deployment_id": {
            "$ref": "#/components/schemas/DeploymentId"
          },
          "source_type": {
            "type": "string",
            "description": "Values beyond those seen are not shown in the spec."
          },
          "verified": {
            "type": "boolean"
          },
          "owner_id": {
            "oneOf": [
              {
                "$ref": "#/components/schemas/UserId"
              },
              {
                "$ref": "#/components/schemas/WorkspaceId"
              }
            ]
          },
          "platform_version": {
            "type": "string"
          }
        }
      },
      "WorkflowError": {
        "type": "object",
        "description": "The error a step threw.",
        "required": [
          "code",
          "cellId",
          "ts",
          "stack"
        ],
        "properties": {
          "code": {
            "type": "string",
            "description": "Machine code, for example `InternalFailure`."
          },
          "cellId": {
            "$ref": "#/components/schemas/StepId"
          },
          "ts": {
            "type": "string",
            "format": "date-time"
          },
          "stack": {
            "type": "string"
          }
        }
      },
      "ErrorEventMetadata": {
        "type": "object",
        "required": [
          "emitter_id",
          "emit_id",
          "name"
        ],
        "properties": {
          "emitter_id": {
            "$ref": "#/components/schemas/WorkflowId"
          },
          "emit_id": {
            "type": "string"
          },
          "name": {
            "type": "string",
            "const": "$errors"
          }
        }
      },
      "PageInfo": {
        "type": "object",
        "description": "Position of a page in a list. Cursors are strings, the empty string on an empty page.",
        "required": [
          "total_count",
          "count",
          "start_cursor",
          "end_cursor"
        ],
        "properties": {
          "total_count": {
            "type": "integer",
            "minimum": 0
          },
          "count": {
            "type": "integer",
            "minimum": 0
          },
          "start_cursor": {
            "type": "string"
          },
          "end_cursor": {
            "type": "string"
          }
        }
      },
      "ConnectedAccount": {
        "type": "object",
        "description": "A connected account (`apn_`), as in connection webhooks and `GET /connect/{project_id}/accounts/{account_id}`.",
        "required": [
          "id",
          "name",
          "external_id",
          "healthy",
          "dead",
          "created_at",
          "updated_at",
          "app"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/AccountId"
          },
          "name": {
            "type": "string"
          },
          "external_id": {
            "type": "string",
            "description": "The caller-side user identifier."
          },
          "healthy": {
            "type": "boolean"
          },
          "dead": {
            "type": [
              "boolean",
              "null"
            ],
            "description": "Null, or a value.",
            "x-assumed": true,
            "x-assumption": "The spec says `dead` is \"null or value\" without a type, so we assume a boolean like its sibling `healthy`."
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          },
          "updated_at": {
            "type": "string",
            "format": "date-time"
          },
          "app": {
            "$ref": "#/components/schemas/App"
          },
          "credentials": {
            "type": "object",
            "description": "Only with `include_credentials=true` on the account endpoint; never in webhooks.",
            "additionalProperties": true
          }
        }
      },
      "App": {
        "type": "object",
        "required": [
          "id",
          "name_slug",
          "name",
          "auth_type",
          "description",
          "img_src",
          "custom_fields_json",
          "categories",
          "featured_weight",
          "connect"
        ],
        "properties": {
          "id": {
            "$ref": "#/components/schemas/AppId"
          },
          "name_slug": {
            "type": "string"
          },
          "name": {
            "type": "string"
          },
          "auth_type": {
            "type": "string",
            "description": "Value seen in the spec - `oauth`; others are not shown."
          },
          "description": {
            "type": "string"
          },
          "img_src": {
            "type": "string"
          },
          "custom_fields_json": {
            "type": "string",
            "description": "JSON text."
          },
          "categories": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "featured_weight": {
            "type": "integer"
          },
          "connect": {
            "$ref": "#/components/schemas/AppConnect"
          }
        }
      },
      "AppConnect": {
        "type": "object",
        "required": [
          "allowed_domains",
          "base_proxy_target_url",
          "proxy_enabled"
        ],
        "properties": {
          "allowed_domains": {
            "type": "array",
            "items": {
              "type": "string"
            }
          },
          "base_proxy_target_url": {
            "type": "string"
          },
          "proxy_enabled": {
            "type": "boolean"
          }
        }
      },
      "ConnectionSuccessEvent": {
        "type": "object",
        "description": "Payload POSTed to a connect token's `webhook_uri` when an account was connected.",
        "required": [
          "event",
          "connect_token",
          "environment",
          "connect_session_id",
          "account"
        ],
        "x-assumed": true,
        "x-assumption": "The spec's field list names the account field ambiguously, and its prose reads `account.id`, so we name the field `account`.",
        "properties": {
          "event": {
            "type": "string",
            "const": "CONNECTION_SUCCESS"
          },
          "connect_token": {
            "$ref": "#/components/schemas/ConnectTokenId"
          },
          "environment": {
            "type": "string"
          },
          "connect_session_id": {
            "type": "number",
            "description": "A large number, written in exponent notation."
          },
          "account": {
            "$ref": "#/components/schemas/ConnectedAccount"
          }
        }
      },
      "ConnectionErrorEvent": {
        "type": "object",
        "description": "Payload POSTed to a connect token's `webhook_uri` when the connect flow failed.",
        "required": [
          "event",
          "connect_token",
          "environment",
          "connect_session_id",
          "error"
        ],
        "properties": {
          "event": {
            "type": "string",
            "const": "CONNECTION_ERROR"
          },
          "connect_token": {
            "$ref": "#/components/schemas/ConnectTokenId"
          },
          "environment": {
            "type": "string"
          },
          "connect_session_id": {
            "type": "number"
          },
          "error": {
            "type": "string",
            "description": "Human-readable error message."
          }
        }
      },
      "CreateConnectTokenRequest": {
        "type": "object",
        "required": [
          "external_user_id"
        ],
        "properties": {
          "external_user_id": {
            "type": "string",
            "minLength": 1,
            "description": "Your identifier of the end user."
          },
          "webhook_uri": {
            "$ref": "#/components/schemas/WebhookUrl",
            "description": "Where `CONNECTION_SUCCESS` / `CONNECTION_ERROR` is POSTed."
          },
          "allowed_origins": {
            "type": "array",
            "items": {
              "type": "string"
            }
          }
        }
      },
      "ConnectToken": {
        "type": "object",
        "description": "A connect token (not wrapped in `data`).",
        "required": [
          "token",
          "expires_at",
          "connect_link_url"
        ],
        "properties": {
          "token": {
            "$ref": "#/components/schemas/ConnectTokenId"
          },
          "expires_at": {
            "type": "string",
            "format": "date-time"
          },
          "connect_link_url": {
            "type": "string"
          }
        }
      },
      "SetProjectWebhookRequest": {
        "description": "The destination URL, as `webhook_url` (the spec's field) or `url`.",
        "anyOf": [
          {
            "type": "object",
            "required": [
              "webhook_url"
            ],
            "properties": {
              "webhook_url": {
                "$ref": "#/components/schemas/WebhookUrl"
              }
            }
          },
          {
            "type": "object",
            "required": [
              "url"
            ],
            "properties": {
              "url": {
                "$ref": "#/components/schemas/WebhookUrl"
              }
            }
          }
        ]
      },
      "ProjectWebhook": {
        "type": "object",
        "description": "The trigger-webhook URL of one environment of a project.",
        "required": [
          "project_id",
          "environment",
          "webhook_url",
          "created_at",
          "updated_at"
        ],
        "properties": {
          "project_id": {
            "$ref": "#/components/schemas/ProjectId"
          },
          "environment": {
            "type": "string"
          },
          "webhook_url": {
            "$ref": "#/components/schemas/WebhookUrl"
          },
          "created_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "updated_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "signing_key": {
            "type": "string",
            "minLength": 1,
            "description": "Key for `x-pd-signature`; present only in the answer that first creates the environment's webhook.",
            "x-assumed": true,
            "x-assumption": "The spec does not name the signing-key field, so we call it `signing_key` and return it only when the environment's webhook is first created, as the spec says the key is shown once."
          }
        }
      },
      "SetDeployedTriggerWebhooksRequest": {
        "type": "object",
        "required": [
          "webhook_urls"
        ],
        "properties": {
          "webhook_urls": {
            "type": "array",
            "maxItems": 10,
            "items": {
              "$ref": "#/components/schemas/WebhookUrl"
            }
          }
        }
      },
      "DeployedTriggerWebhooks": {
        "type": "object",
        "description": "The trigger-level webhook URLs of a deployed trigger and its signing key.",
        "required": [
          "trigger_id",
          "webhook_urls",
          "signing_key"
        ],
        "properties": {
          "trigger_id": {
            "$ref": "#/components/schemas/SourceId"
          },
          "webhook_urls": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/WebhookUrl"
            }
          },
          "signing_key": {
            "type": "string",
            "minLength": 1
          }
        }
      },
      "TriggerWebhookDelivery": {
        "type": "object",
        "description": "Body of a trigger-webhook delivery (signed with `x-pd-signature`).",
        "required": [
          "event_id",
          "trigger_id",
          "environment",
          "emitted_at",
          "event"
        ],
        "x-assumed": true,
        "x-assumption": "The spec does not show the payload body of trigger-webhook deliveries, so we assume `{event_id, trigger_id, environment, emitted_at, event}`.",
        "properties": {
          "event_id": {
            "type": "string",
            "minLength": 1,
            "description": "Unique per emitted event; the same on every retry."
          },
          "trigger_id": {
            "$ref": "#/components/schemas/SourceId"
          },
          "environment": {
            "type": "string"
          },
          "emitted_at": {
            "$ref": "#/components/schemas/UnixSeconds"
          },
          "event": {
            "description": "The event the trigger emitted, as emitted."
          }
        }
      },
      "SubscriptionDelivery": {
        "type": "object",
        "description": "Body POSTed to a webhook (`wh_`) listener for a routed event (unsigned).",
        "required": [
          "emit_id",
          "emitter_id",
          "event_name",
          "event"
        ],
        "x-assumed": true,
        "x-assumption": "The spec does not show the body a webhook listener receives, so we assume `{emit_id, emitter_id, event_name, event}`, naming the concrete emitter even when the subscription used a glob.",
        "properties": {
          "emit_id": {
            "type": "string",
            "minLength": 1
          },
          "emitter_id": {
            "$ref": "#/components/schemas/EmittingResourceId"
          },
          "event_name": {
            "type": "string",
            "description": "The stream the event was emitted on; the empty string for the default stream."
          },
          "event": {
            "description": "The event as emitted."
          }
        }
      },
      "CreateWorkflowRequest": {
        "type": "object",
        "description": "Body of `POST /workflows`.",
        "required": [
          "project_id",
          "org_id"
        ],
        "x-assumed": true,
        "x-assumption": "The spec does not show which fields are required, so we require `project_id` and `org_id` (where the workflow lives) and make `template_id`, `steps`, `triggers` and `settings` optional.",
        "properties": {
          "project_id": {
            "$ref": "#/components/schemas/ProjectId"
          },
          "org_id": {
            "$ref": "#/components/schemas/WorkspaceId"
          },
          "template_id": {
            "$ref": "#/components/schemas/TemplateId"
          },
          "steps": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "namespace"
              ],
              "properties": {
                "namespace": {
                  "type": "string",
                  "minLength": 1,
                  "description": "The step's name."
                },
                "props": {
                  "$ref": "#/components/schemas/ConfiguredProps"
                }
              }
            }
          },
          "triggers": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "props": {
                  "$ref": "#/components/schemas/ConfiguredProps"
                }
              }
            }
          },
          "settings": {
            "type": "object",
            "properties": {
              "name": {
                "type": "string"
              },
              "auto_deploy": {
                "type": "boolean",
                "description": "`true` deploys the workflow at once (created with `active` true)."
              }
            }
          }
        }
      },
      "Error": {
        "type": "object",
        "description": "The body of every 4xx/5xx answer.",
        "required": [
          "error"
        ],
        "x-assumed": true,
        "x-assumption": "The spec does not show the error body, so every error answers `{error, code?, details?}` with a human message, a machine code and optional details.",
        "properties": {
          "error": {
            "type": "string",
            "minLength": 1,
            "description": "Human-readable message."
          },
          "code": {
            "type": "string",
            "description": "Machine code: `bad_request`, `unsupported_url`, `unauthorized`, `forbidden_token_kind`,\n`not_found`, `method_not_allowed`, `payload_too_large`, `unsupported_media_type`,\n`unprocessable`, `rate_limited` (a live server may use others).\n"
          },
          "details": {
            "type": "object",
            "additionalProperties": true
          }
        }
      }
    }
  }
};
