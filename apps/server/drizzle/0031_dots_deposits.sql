ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_non_negative";--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "provider_payment" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_sessions_open_idx" ON "payment_sessions" USING btree ("created_at") WHERE "payment_sessions"."status" = 'open';--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_debt_non_positive" CHECK ("ledger_accounts"."kind" <> 'debt' or "ledger_accounts"."balance" <= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."kind" in ('issuance', 'clearing', 'adjustment', 'debt') or "ledger_accounts"."balance" >= 0);