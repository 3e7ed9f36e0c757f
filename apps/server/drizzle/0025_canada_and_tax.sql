CREATE TABLE "tax_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"details" text NOT NULL,
	"tin_last4" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "funds_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_sessions_funding_idx" ON "payment_sessions" USING btree ("funds_at") WHERE "payment_sessions"."status" = 'funding';--> statement-breakpoint
CREATE INDEX "withdrawals_ca_pending_idx" ON "withdrawals" USING btree ("requested_at") WHERE "withdrawals"."region" = 'ca' and "withdrawals"."status" = 'pending';