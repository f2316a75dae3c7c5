# JetStream as a three-node cluster, one node per Nomad client, each on the host volume `nats-data`
# (declared in that client's configuration), streams at R3. Run from this directory:
#   nomad job run nats.nomad.hcl
# The routes are every registered node of the nats-cluster service; the configuration reloads when one moves.

job "nats" {
  type = "service"

  update {
    max_parallel     = 1
    min_healthy_time = "30s"
    healthy_deadline = "5m"
    auto_revert      = true
  }

  group "nats" {
    count = 3

    constraint {
      operator = "distinct_hosts"
      value    = "true"
    }

    volume "data" {
      type   = "host"
      source = "nats-data"
    }

    network {
      port "client" {
        static = 4222
      }
      port "cluster" {
        static = 6222
      }
      port "monitor" {
        static = 8222
      }
      port "metrics" {
        static = 7777
      }
    }

    service {
      name     = "nats"
      port     = "client"
      provider = "nomad"

      check {
        type     = "http"
        port     = "monitor"
        path     = "/healthz?js-enabled-only=true"
        interval = "10s"
        timeout  = "2s"
      }
    }

    service {
      name     = "nats-cluster"
      port     = "cluster"
      provider = "nomad"

      check {
        name     = "listening"
        type     = "tcp"
        interval = "10s"
        timeout  = "2s"
      }
    }

    # The node's series for Prometheus (the tag `metrics`, deploy/README.md), from the exporter beside it.
    service {
      name     = "nats-metrics"
      port     = "metrics"
      provider = "nomad"
      tags     = ["metrics"]

      check {
        name     = "listening"
        type     = "tcp"
        interval = "10s"
        timeout  = "2s"
      }
    }

    task "nats" {
      driver = "docker"
      # Lame-duck mode (SIGUSR2): clients move to the other nodes over lame_duck_duration, then the server exits.
      kill_signal  = "SIGUSR2"
      kill_timeout = "60s"

      config {
        image   = "nats:2.10.22-alpine"
        command = "nats-server"
        args    = ["--config", "/local/nats.conf"]
        # On the host's network: the static ports are the addresses the services and the other nodes use.
        network_mode = "host"
      }

      volume_mount {
        volume      = "data"
        destination = "/data"
      }

      env {
        NATS_SERVER_NAME = "nats-${NOMAD_ALLOC_INDEX}"
      }

      # The users' passwords; the job reads nomad/jobs/licence-verify through variables.policy.hcl.
      template {
        destination = "secrets/env"
        env         = true
        data        = <<EOT
{{ with nomadVar "nomad/jobs/licence-verify" }}
NATS_PASSWORD_GATEWAY={{ .NATS_PASSWORD_GATEWAY }}
NATS_PASSWORD_CHECKER={{ .NATS_PASSWORD_CHECKER }}
NATS_PASSWORD_READER={{ .NATS_PASSWORD_READER }}
NATS_PASSWORD_NOTIFIER={{ .NATS_PASSWORD_NOTIFIER }}
NATS_PASSWORD_EXPORTER={{ .NATS_PASSWORD_EXPORTER }}
NATS_PASSWORD_DASHBOARD={{ .NATS_PASSWORD_DASHBOARD }}
{{ end }}
EOT
      }

      template {
        destination   = "local/nats.conf"
        change_mode   = "signal"
        change_signal = "SIGHUP"
        data          = file("nats.conf.tpl")
      }

      resources {
        cpu    = 500
        memory = 1024
      }
    }

    # The NATS Prometheus exporter, reading this node's monitoring port (server, JetStream and connection figures).
    task "exporter" {
      driver = "docker"

      lifecycle {
        hook    = "poststart"
        sidecar = true
      }

      config {
        image        = "natsio/prometheus-nats-exporter:0.17.3"
        args         = ["-varz", "-jsz=all", "-connz", "-port=7777", "http://127.0.0.1:8222"]
        network_mode = "host"
      }

      resources {
        cpu    = 100
        memory = 64
      }
    }
  }
}
