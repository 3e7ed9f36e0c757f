CREATE TABLE "ledger_reconciliation" (
	"name" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"sums" jsonb NOT NULL,
	"mismatch_count" integer NOT NULL,
	"mismatches" jsonb NOT NULL,
	"accounts" integer NOT NULL,
	"transfers" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"last_failed_at" timestamp with time zone
);
