CREATE TABLE "payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"region" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_sessions_amounts" CHECK ("payment_sessions"."amount" > 0 and "payment_sessions"."fee" >= 0 and "payment_sessions"."fee" < "payment_sessions"."amount")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"notify_type" text,
	"notify_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"max" bigint NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_limits_max_non_negative" CHECK ("wallet_limits"."max" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_restrictions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"region" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"requested_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."fee" < "withdrawals"."amount")
);
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_limits" ADD CONSTRAINT "wallet_limits_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_restrictions" ADD CONSTRAINT "wallet_restrictions_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_sessions_uid_created_idx" ON "payment_sessions" USING btree ("uid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sessions_provider_ref_key" ON "payment_sessions" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_reference_key" ON "sandbox_payments" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "sandbox_payments_due_idx" ON "sandbox_payments" USING btree ("due_at") WHERE "sandbox_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sandbox_payments_notify_idx" ON "sandbox_payments" USING btree ("notify_at") WHERE "sandbox_payments"."notify_at" is not null;--> statement-breakpoint
CREATE INDEX "wallet_limits_uid_kind_idx" ON "wallet_limits" USING btree ("uid","kind","id");--> statement-breakpoint
CREATE INDEX "wallet_restrictions_uid_idx" ON "wallet_restrictions" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "withdrawals_uid_idx" ON "withdrawals" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "withdrawals_unsent_idx" ON "withdrawals" USING btree ("requested_at") WHERE "withdrawals"."status" = 'pending' and "withdrawals"."provider_ref" is null;