job "lv-migrate" {
  type = "batch"

  group "migrate" {
    count = 1

    network {
      port "health" {}

    }

    task "migrate" {
      driver = "exec"

      config {
        command = "bun"
        args    = ["packages/db/src/migrate-cli.ts"]
      }

      template {
        destination = "secrets/env"
        env         = true
        data        = <<EOT
{{ with nomadVar "nomad/jobs/licence-verify" }}
DATABASE_URL={{ .DATABASE_URL }}
NATS_URL={{ .NATS_URL }}
WEBHOOK_SECRET_KEY={{ .WEBHOOK_SECRET_KEY }}
{{ end }}
EOT
      }

      env {
        HEALTH_PORT = "${NOMAD_PORT_health}"
        LOG_LEVEL   = "info"

      }


      kill_timeout = "30s"

      resources {
        cpu    = 500
        memory = 512
      }
    }
  }
}
