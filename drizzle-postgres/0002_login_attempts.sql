CREATE UNLOGGED TABLE "login_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"failures" bigint NOT NULL,
	"in_flight" bigint NOT NULL,
	"not_before" bigint NOT NULL,
	"last_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_attempts_last" ON "login_attempts" USING btree ("last_at");