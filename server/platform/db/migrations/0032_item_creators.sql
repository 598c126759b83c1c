-- Issue #37: who added each to-do, flight and widget, so that a create sent again by its client
-- (a replay after being offline) is answered with the item it made, not refused or made twice.
ALTER TABLE "widgets" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "todos" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;