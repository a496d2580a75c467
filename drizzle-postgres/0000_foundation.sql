CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"plan" text NOT NULL,
	"created_at" bigint NOT NULL,
	"next_plan_grant_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"hash" text NOT NULL,
	"monthly_cap_characters" bigint,
	"created_at" bigint NOT NULL,
	"last_used_at" bigint,
	"revoked_at" bigint
);
--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"source" text NOT NULL,
	"credits" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"granted_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" bigint,
	"response_headers" text,
	"response_body_key" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" text,
	"api_key_id" text,
	"status" text NOT NULL,
	"input" text NOT NULL,
	"result" text,
	"reservation_id" text,
	"progress_done" bigint DEFAULT 0 NOT NULL,
	"progress_total" bigint DEFAULT 0 NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"max_attempts" bigint NOT NULL,
	"run_at" bigint NOT NULL,
	"lease_owner" text,
	"lease_expires_at" bigint,
	"last_error" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"grant_id" text,
	"reservation_id" text,
	"kind" text NOT NULL,
	"credits" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"arrival" bigint NOT NULL,
	"checked_at" bigint NOT NULL,
	"limit_per_window" bigint NOT NULL,
	"window_ms" bigint NOT NULL,
	"idle_at" bigint NOT NULL,
	"allowed" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservation_allocations" (
	"reservation_id" text NOT NULL,
	"grant_id" text NOT NULL,
	"credits" bigint NOT NULL,
	CONSTRAINT "reservation_allocations_reservation_id_grant_id_pk" PRIMARY KEY("reservation_id","grant_id")
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"api_key_id" text,
	"product" text NOT NULL,
	"characters" bigint NOT NULL,
	"credits" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"hold_until" bigint NOT NULL,
	"settled_at" bigint,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_allocations" ADD CONSTRAINT "reservation_allocations_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_allocations" ADD CONSTRAINT "reservation_allocations_grant_id_credit_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."credit_grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash" ON "api_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "api_keys_account" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "credit_grants_account_expiry" ON "credit_grants" USING btree ("account_id","expires_at");--> statement-breakpoint
CREATE INDEX "idempotency_expiry" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "jobs_runnable" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_account" ON "jobs" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "rate_limits_idle" ON "rate_limits" USING btree ("idle_at");--> statement-breakpoint
CREATE INDEX "reservations_key_status" ON "reservations" USING btree ("api_key_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reservations_account" ON "reservations" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "reservations_held" ON "reservations" USING btree ("status","hold_until");--> statement-breakpoint
CREATE INDEX "sessions_account" ON "sessions" USING btree ("account_id");