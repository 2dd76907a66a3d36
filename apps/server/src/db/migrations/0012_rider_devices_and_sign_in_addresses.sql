CREATE TABLE "diner_sign_in_guesses" (
	"code_id" integer NOT NULL,
	"address" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "diner_sign_in_guesses_code_id_address_pk" PRIMARY KEY("code_id","address")
);
--> statement-breakpoint
CREATE TABLE "rider_phone_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rider_phone_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"rider_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "diner_sign_in_codes" ADD COLUMN "requested_from" text;--> statement-breakpoint
ALTER TABLE "riders" ADD COLUMN "device_token_hash" text;--> statement-breakpoint
ALTER TABLE "diner_sign_in_guesses" ADD CONSTRAINT "diner_sign_in_guesses_code_id_diner_sign_in_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."diner_sign_in_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rider_phone_codes" ADD CONSTRAINT "rider_phone_codes_rider_id_riders_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."riders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rider_phone_codes_rider_id_created_at_index" ON "rider_phone_codes" USING btree ("rider_id","created_at");