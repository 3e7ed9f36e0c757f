CREATE TABLE "cool_offs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cool_offs_until_after_start" CHECK ("cool_offs"."until" > "cool_offs"."started_at")
);
--> statement-breakpoint
CREATE TABLE "loss_limits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"currency" text NOT NULL,
	"period" text NOT NULL,
	"max" bigint,
	"effective_at" timestamp with time zone NOT NULL,
	"set_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loss_limits_max_non_negative" CHECK ("loss_limits"."max" is null or "loss_limits"."max" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cool_offs" ADD CONSTRAINT "cool_offs_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loss_limits" ADD CONSTRAINT "loss_limits_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cool_offs_uid_until_idx" ON "cool_offs" USING btree ("uid","until");--> statement-breakpoint
CREATE INDEX "loss_limits_uid_idx" ON "loss_limits" USING btree ("uid","currency","period","id");