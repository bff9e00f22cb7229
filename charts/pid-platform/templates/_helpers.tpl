{{/* Names and labels shared by every template. */}}
{{- define "pid.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}

{{- define "pid.labels" -}}
app.kubernetes.io/part-of: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector labels of one component: call with (dict "root" $ "component" "auth"). */}}
{{- define "pid.selectorLabels" -}}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* A full reference from imageOverrides (skaffold sets these) wins over registry/repository/tag. */}}
{{- define "pid.image" -}}
{{- $image := .root.Values.image -}}
{{- with index (.root.Values.imageOverrides | default dict) .component }}{{ . }}{{ else -}}
{{- $repository := printf "%s-%s" $image.repository .component -}}
{{- if $image.registry }}{{ $repository = printf "%s/%s" $image.registry $repository }}{{ end -}}
{{- printf "%s:%s" $repository (default .root.Chart.AppVersion $image.tag) -}}
{{- end -}}
{{- end -}}

{{- define "pid.secretName" -}}
{{- if .Values.secrets.create }}{{ printf "%s-secrets" (include "pid.fullname" .) }}{{ else }}{{ required "secrets.existingSecret (or secrets.create) is required" .Values.secrets.existingSecret }}{{ end -}}
{{- end -}}

{{/* Environment every component reads: the ConfigMap, then the secret keys. */}}
{{- define "pid.commonEnv" -}}
envFrom:
  - configMapRef:
      name: {{ include "pid.fullname" . }}-config
env:
  - name: JWT_SECRET
    valueFrom: { secretKeyRef: { name: {{ include "pid.secretName" . }}, key: JWT_SECRET } }
  - name: DATABASE_URL
    valueFrom: { secretKeyRef: { name: {{ include "pid.secretName" . }}, key: DATABASE_URL } }
  - name: S3_ACCESS_KEY
    valueFrom: { secretKeyRef: { name: {{ include "pid.secretName" . }}, key: S3_ACCESS_KEY, optional: true } }
  - name: S3_SECRET_KEY
    valueFrom: { secretKeyRef: { name: {{ include "pid.secretName" . }}, key: S3_SECRET_KEY, optional: true } }
  - name: SMTP_URL
    valueFrom: { secretKeyRef: { name: {{ include "pid.secretName" . }}, key: SMTP_URL, optional: true } }
  - name: STRIPE_SECRET_KEY
    valueFrom: { secretKeyRef: { name: {{ include "pid.secretName" . }}, key: STRIPE_SECRET_KEY, optional: true } }
  - name: STRIPE_WEBHOOK_SECRET
    valueFrom: { secretKeyRef: { name: {{ include "pid.secretName" . }}, key: STRIPE_WEBHOOK_SECRET, optional: true } }
{{- end -}}

{{/* Probes on the real health endpoints of a backend service: call with (dict "root" $ "service" $service). */}}
{{- define "pid.serviceProbes" -}}
startupProbe:
  httpGet: { path: /health/live, port: http }
  periodSeconds: 2
  failureThreshold: {{ .service.startupFailureThreshold | default 60 }}
livenessProbe:
  httpGet: { path: /health/live, port: http }
  periodSeconds: 10
readinessProbe:
  httpGet: { path: /health/ready, port: http }
  periodSeconds: 5
{{- end -}}

{{/* The `restricted` Pod Security Standard: pod level. */}}
{{- define "pid.podSecurityContext" -}}
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  runAsGroup: 1000
  fsGroup: 1000
  seccompProfile: { type: RuntimeDefault }
{{- end -}}

{{/* The `restricted` Pod Security Standard: container level, with a read-only root filesystem. */}}
{{- define "pid.containerSecurityContext" -}}
securityContext:
  runAsNonRoot: true
  allowPrivilegeEscalation: false
  readOnlyRootFilesystem: true
  capabilities: { drop: [ALL] }
  seccompProfile: { type: RuntimeDefault }
{{- end -}}
