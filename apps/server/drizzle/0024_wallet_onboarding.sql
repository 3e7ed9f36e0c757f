CREATE TABLE "wallet_onboarding" (
	"user_id" text PRIMARY KEY NOT NULL,
	"verification_id" text NOT NULL,
	"provider_user_id" text,
	"phone_last4" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet_onboarding" ADD CONSTRAINT "wallet_onboarding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;