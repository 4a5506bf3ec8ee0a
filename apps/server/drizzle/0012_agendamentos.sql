ALTER TABLE "vendas" ADD COLUMN "servico_id" integer;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "servico_nome" varchar(200);--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "data_agendamento" date;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "hora_inicio" varchar(5);--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "duracao_estimada" integer;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "profissional_id" integer;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "agenda_inicio" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "agenda_fim" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "iniciado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendas" ADD COLUMN "concluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_servico_id_servicos_id_fk" FOREIGN KEY ("servico_id") REFERENCES "public"."servicos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_profissional_id_cadastros_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."cadastros"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendas_servico_id_idx" ON "vendas" USING btree ("servico_id");--> statement-breakpoint
CREATE INDEX "vendas_profissional_agenda_idx" ON "vendas" USING btree ("profissional_id","data_agendamento");--> statement-breakpoint
CREATE INDEX "vendas_agenda_idx" ON "vendas" USING btree ("tipo","data_agendamento");--> statement-breakpoint
CREATE INDEX "vendas_concluido_em_idx" ON "vendas" USING btree ("concluido_em");--> statement-breakpoint
-- Appointments are sales of tipo servico with their own statuses (drizzle-kit does not diff
-- CHECK constraints, so these are written by hand).
ALTER TABLE "vendas" DROP CONSTRAINT "vendas_tipo_check";--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_tipo_check" CHECK ("vendas"."tipo" IN ('produto', 'balcao', 'servico'));--> statement-breakpoint
ALTER TABLE "vendas" DROP CONSTRAINT "vendas_status_check";--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_status_check" CHECK ("vendas"."status" IN ('Pendente', 'Finalizada', 'Cancelada', 'Agendado', 'Em Andamento', 'Concluído', 'Cancelado'));--> statement-breakpoint
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_agendamento_check" CHECK ("vendas"."tipo" <> 'servico' OR ("vendas"."servico_id" IS NOT NULL AND "vendas"."profissional_id" IS NOT NULL AND "vendas"."agenda_inicio" IS NOT NULL AND "vendas"."agenda_fim" > "vendas"."agenda_inicio"));--> statement-breakpoint
-- No professional is booked twice at the same time: their appointments' ranges never overlap,
-- cancelled ones left out. int4range(id, id, '[]') makes the professional a range too, so the
-- core GiST range operators suffice (no btree_gist extension, which PGlite may not have).
ALTER TABLE "vendas" ADD CONSTRAINT "vendas_agenda_sem_sobreposicao" EXCLUDE USING gist (
  int4range("profissional_id", "profissional_id", '[]') WITH &&,
  tstzrange("agenda_inicio", "agenda_fim") WITH &&
) WHERE ("tipo" = 'servico' AND "status" <> 'Cancelado');
