import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

/** The four steps of spec §1 "How it works", in order. */
const steps = [
  { title: 'Upload', text: 'Upload a P&ID drawing as a PDF or an image.', Icon: CloudUploadOutlinedIcon },
  { title: 'AI Processing', text: 'AI detects equipment, pipes, text and the connections between them.', Icon: PsychologyOutlinedIcon },
  { title: 'Verify', text: 'Review the result in the viewer, correct it and confirm each item.', Icon: CheckCircleOutlineIcon },
  { title: 'Export', text: 'Download the verified data as a CSV file.', Icon: FileDownloadOutlinedIcon },
];

export function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="how-it-works-title" sx={{ pb: { xs: 6, md: 8 } }}>
      <Container maxWidth="lg">
        <Typography id="how-it-works-title" variant="h4" component="h2" align="center" gutterBottom>
          How it works
        </Typography>
        <Grid container spacing={3} sx={{ mt: 2 }}>
          {steps.map(({ title, text, Icon }) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card sx={{ height: '100%', textAlign: 'center' }}>
                <CardContent>
                  <Icon color="secondary" sx={{ fontSize: 48, mb: 1 }} />
                  <Typography variant="h6" component="h3" gutterBottom>
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {text}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}
